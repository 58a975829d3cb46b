import { Loader2 } from "lucide-react";

/** The lazy-route fallback: 'Carregando...' is spec text and stays in pt-BR until the catalogs have loaded. */
export function LoadingScreen({ label = "Carregando...", detail }: { label?: string; detail?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-3 p-6 text-center"
    >
      <Loader2 className="size-8 animate-spin text-primary" aria-hidden />
      <p className="font-medium">{label}</p>
      {detail ? <p className="text-sm text-muted-foreground">{detail}</p> : null}
    </div>
  );
}
