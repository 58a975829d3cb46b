import { cn } from "../../../lib/cn.ts";

/**
 * A post's rendered Markdown. The HTML is safe by construction: the server's is markdown-it (raw HTML off, safe
 * links) then sanitize-html; the editor's preview is the same markdown-it (shared/blog/markdown.ts).
 */
export function PostBody({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={cn(
        "flex flex-col gap-4 leading-relaxed break-words",
        "[&_h1]:text-2xl [&_h1]:font-semibold [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold",
        "[&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_img]:max-w-full [&_img]:rounded-md",
        "[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_blockquote]:border-l-4 [&_blockquote]:pl-4",
        "[&_blockquote]:text-muted-foreground [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-3",
        "[&_code]:font-mono [&_code]:text-sm [&_table]:w-full [&_td]:border [&_td]:p-2 [&_th]:border [&_th]:p-2",
        className,
      )}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
