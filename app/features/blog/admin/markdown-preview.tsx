import { useDeferredValue, useMemo } from "react";
import { useTranslation } from "react-i18next";
import MarkdownIt from "markdown-it";
import { createBlogMarkdown } from "../../../../shared/blog/markdown.ts";
import { PostBody } from "../components/post-body.tsx";

const markdown = createBlogMarkdown(MarkdownIt);

/** The editor's live preview: the blog's own markdown-it (raw HTML off, unsafe links and images dropped). */
export function MarkdownPreview({ source }: { source: string }) {
  const { t } = useTranslation("blog");
  const deferred = useDeferredValue(source);
  const html = useMemo(() => markdown.render(deferred), [deferred]);
  return (
    <section aria-label={t("editor.preview")} className="min-h-40 rounded-md border border-border bg-card p-4">
      {deferred.trim() ? (
        <PostBody html={html} />
      ) : (
        <p className="text-sm text-muted-foreground">{t("editor.previewEmpty")}</p>
      )}
    </section>
  );
}
