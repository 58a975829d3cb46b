import { useEffect, type ComponentProps } from "react";
import { Toaster, toast } from "sonner";
import { toasterListening } from "../../lib/toast.ts";

/** sonner's Toaster, loaded with the first toast (app/lib/toast.ts). Its own effect subscribes before this one runs. */
export default function SonnerToaster(props: ComponentProps<typeof Toaster>) {
  useEffect(() => toasterListening(toast), []);
  return <Toaster {...props} />;
}
