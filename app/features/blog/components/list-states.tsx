import { Newspaper } from "lucide-react";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { cn } from "../../../lib/cn.ts";

/** Placeholder rows while a list of posts loads. */
export function ListLoading({ rowClassName }: { rowClassName: string }) {
  return (
    <div className="flex flex-col gap-3" aria-busy="true">
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} className={cn("w-full", rowClassName)} />
      ))}
    </div>
  );
}

/** A list of posts with nothing in it. */
export function ListEmpty({ message }: { message: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center text-muted-foreground">
      <Newspaper aria-hidden className="size-8" />
      <p>{message}</p>
    </div>
  );
}
