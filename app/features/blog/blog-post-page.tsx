import { Link, useParams } from "react-router";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Alert, AlertTitle } from "../../components/ui/alert.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { ApiClientError } from "../../lib/api-client.ts";
import NotFoundPage from "../../components/routing/not-found-page.tsx";
import { useBlogPost } from "./api/blog-api.ts";
import { formatPostDate } from "./components/format.ts";
import { PostBody } from "./components/post-body.tsx";
import { useDocumentMeta } from "./hooks/use-document-meta.ts";
import { useUiLanguage } from "./hooks/use-ui-language.ts";

/** /blog/:slug: one post. Unknown or not public → the app's 404 page (a super admin sees a marked preview instead). */
export default function BlogPostPage() {
  const { t } = useTranslation("blog");
  const language = useUiLanguage();
  const slug = useParams().slug ?? "";
  const query = useBlogPost(slug);
  const post = query.data;
  useDocumentMeta(
    post
      ? {
          title: post.title,
          description: post.description || post.excerpt,
          image: post.coverUrl,
          path: `/blog/${post.slug}`,
        }
      : null,
  );

  if (query.isError && query.error instanceof ApiClientError && query.error.status === 404) return <NotFoundPage />;

  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6">
      <Link
        to="/blog"
        className="inline-flex items-center gap-2 self-start text-sm text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t("post.back")}
      </Link>
      {query.isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true">
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="aspect-video w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : query.isError ? (
        <LoadFailed
          title={t("post.loadFailed")}
          retryLabel={t("list.retry")}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <>
          {query.data.status === "published" ? null : (
            <Alert>
              <AlertTitle>{t("post.preview", { status: t(`status.${query.data.status}`) })}</AlertTitle>
            </Alert>
          )}
          <header className="flex flex-col gap-3">
            <h1 className="text-3xl font-semibold leading-tight">{query.data.title}</h1>
            <p className="text-sm text-muted-foreground">
              {query.data.publishedAt ? (
                <time dateTime={query.data.publishedAt}>{formatPostDate(query.data.publishedAt, language)}</time>
              ) : null}
              {query.data.publishedAt ? " · " : null}
              {t("list.readingTime", { count: query.data.readingMinutes })}
            </p>
            {query.data.translations.length > 0 ? (
              <p className="flex flex-wrap gap-2 text-sm">
                <span>{t("post.otherLanguages")}</span>
                {query.data.translations.map((translation) => (
                  <Link
                    key={translation.slug}
                    to={`/blog/${translation.slug}`}
                    lang={translation.language}
                    className="text-primary underline underline-offset-4"
                  >
                    {t(`languages.${translation.language}`)}
                  </Link>
                ))}
              </p>
            ) : null}
          </header>
          {query.data.coverUrl ? (
            <img
              src={query.data.coverUrl}
              alt={t("post.coverAlt")}
              className="aspect-video w-full rounded-lg object-cover"
            />
          ) : null}
          <PostBody html={query.data.html} />
        </>
      )}
    </article>
  );
}
