import { Link } from "react-router";
import { Eye, FilePlus2, Pencil } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent } from "../../../components/ui/card.tsx";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { apiErrorText } from "../../../lib/api-error-text.ts";
import type { BlogAdminPost } from "../../../../shared/blog/post-views.ts";
import { useAdminPosts } from "../api/blog-api.ts";
import { ListEmpty, ListLoading } from "../components/list-states.tsx";
import { formatPostDate } from "../components/format.ts";
import { PostStatusBadge } from "../components/post-status-badge.tsx";
import { useUiLanguage } from "../hooks/use-ui-language.ts";

function PostRow({ post }: { post: BlogAdminPost }) {
  const { t } = useTranslation("blog");
  const language = useUiLanguage();
  return (
    <li>
      <Card>
        <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <p className="truncate font-medium">{post.title}</p>
            <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <PostStatusBadge status={post.status} />
              <span>{t(`languages.${post.language}`)}</span>
              <span className="font-mono text-xs">/blog/{post.slug}</span>
              {post.publishedAt ? (
                <time dateTime={post.publishedAt}>
                  {post.status === "scheduled"
                    ? t("admin.scheduledFor", { date: formatPostDate(post.publishedAt, language) })
                    : formatPostDate(post.publishedAt, language)}
                </time>
              ) : null}
            </p>
          </div>
          <div className="flex gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to={`/blog/${post.slug}`} aria-label={`${t("admin.view")}: ${post.title}`}>
                <Eye aria-hidden />
                {t("admin.view")}
              </Link>
            </Button>
            <Button asChild size="sm">
              <Link to={`/blog-admin/${post.id}`} aria-label={`${t("admin.edit")}: ${post.title}`}>
                <Pencil aria-hidden />
                {t("admin.edit")}
              </Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

/** /blog-admin: every post with its status and language (super admins only: the server refuses anyone else). */
export default function BlogAdminPage() {
  const { t } = useTranslation("blog");
  const query = useAdminPosts();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold">{t("admin.title")}</h1>
          <p className="text-muted-foreground">{t("admin.subtitle")}</p>
        </div>
        <Button asChild>
          <Link to="/blog-admin/new">
            <FilePlus2 aria-hidden />
            {t("admin.newPost")}
          </Link>
        </Button>
      </header>
      {query.isPending ? (
        <ListLoading rowClassName="h-20" />
      ) : query.isError ? (
        <LoadFailed
          title={`${t("admin.loadFailed")} ${apiErrorText(t, query.error)}`}
          retryLabel={t("admin.retry")}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.length === 0 ? (
        <ListEmpty message={t("admin.empty")} />
      ) : (
        <ul className="flex flex-col gap-3">
          {query.data.map((post) => (
            <PostRow key={post.id} post={post} />
          ))}
        </ul>
      )}
    </div>
  );
}
