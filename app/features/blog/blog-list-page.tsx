import { Link, useSearchParams } from "react-router";
import { ChevronLeft, ChevronRight, Rss } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import type { BlogPostSummary } from "../../../shared/blog/post-views.ts";
import { useBlogPage } from "./api/blog-api.ts";
import { ListEmpty, ListLoading } from "./components/list-states.tsx";
import { formatPostDate } from "./components/format.ts";
import { useUiLanguage } from "./hooks/use-ui-language.ts";

function PostCard({ post }: { post: BlogPostSummary }) {
  const { t } = useTranslation("blog");
  const language = useUiLanguage();
  return (
    <Card className="overflow-hidden">
      <Link
        to={`/blog/${post.slug}`}
        className="flex flex-col focus-visible:outline-2 focus-visible:outline-ring sm:flex-row"
      >
        {post.coverUrl ? (
          <img
            src={post.coverUrl}
            alt=""
            loading="lazy"
            className="aspect-video w-full object-cover sm:w-60 sm:shrink-0"
          />
        ) : null}
        <CardContent className="flex flex-col gap-2 p-4">
          <h2 className="text-lg font-semibold leading-snug">{post.title}</h2>
          <p className="text-sm text-muted-foreground">
            <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt, language)}</time>
            {" · "}
            {t("list.readingTime", { count: post.readingMinutes })}
          </p>
          {post.excerpt ? <p className="line-clamp-3 text-sm">{post.excerpt}</p> : null}
        </CardContent>
      </Link>
    </Card>
  );
}

/** /blog: the public posts in the UI language (pt-BR filling in), newest first, ten a page. */
export default function BlogListPage() {
  const { t } = useTranslation("blog");
  const language = useUiLanguage();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const query = useBlogPage(language, page);
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.pageSize)) : 1;
  const goTo = (next: number) => setParams(next === 1 ? {} : { page: String(next) });

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-3xl font-semibold">{t("list.title")}</h1>
          <p className="text-muted-foreground">{t("list.subtitle")}</p>
        </div>
        <Button asChild variant="ghost" size="icon" title={t("list.rss")}>
          <a href={`/blog/rss.xml?lang=${language}`} aria-label={t("list.rss")}>
            <Rss aria-hidden />
          </a>
        </Button>
      </header>
      {query.isPending ? (
        <ListLoading rowClassName="h-36" />
      ) : query.isError ? (
        <LoadFailed
          title={t("list.loadFailed")}
          retryLabel={t("list.retry")}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.posts.length === 0 ? (
        <ListEmpty message={t("list.empty")} />
      ) : (
        <>
          <ul className="flex flex-col gap-4">
            {query.data.posts.map((post) => (
              <li key={post.id}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <nav className="flex items-center justify-between gap-2" aria-label={t("list.pageOf", { page, pages })}>
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                <ChevronLeft aria-hidden />
                {t("list.next")}
              </Button>
              <span className="text-sm text-muted-foreground">{t("list.pageOf", { page, pages })}</span>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => goTo(page + 1)}>
                {t("list.previous")}
                <ChevronRight aria-hidden />
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
