import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { ArrowLeft, Eye, Save } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "../../../lib/toast.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { ConfirmActionDialog } from "../../../components/confirm-action-dialog.tsx";
import { ApiClientError } from "../../../lib/api-client.ts";
import { apiErrorText } from "../../../lib/api-error-text.ts";
import { blogPostInputSchema, type BlogPostInput } from "../../../../shared/blog/post-schema.ts";
import type { BlogAdminPost } from "../../../../shared/blog/post-views.ts";
import {
  useAdminPost,
  useAdminPosts,
  useCreatePost,
  useDeletePost,
  usePublishPost,
  useRemoveCover,
  useUnpublishPost,
  useUpdatePost,
  useUploadCover,
} from "../api/blog-api.ts";
import { CoverField } from "./cover-field.tsx";
import { PostFields } from "./post-fields.tsx";
import { PublishPanel } from "./publish-panel.tsx";

const EMPTY: BlogPostInput = {
  title: "",
  slug: "",
  description: "",
  bodyMarkdown: "",
  language: "pt-BR",
  translationOf: null,
};

function inputOf(post: BlogAdminPost): BlogPostInput {
  const { title, slug, description, bodyMarkdown, language, translationOf } = post;
  return { title, slug, description, bodyMarkdown, language, translationOf };
}

function PostEditor({ post }: { post: BlogAdminPost | null }) {
  const { t } = useTranslation("blog");
  const navigate = useNavigate();
  const posts = useAdminPosts();
  const create = useCreatePost();
  const update = useUpdatePost();
  const publish = usePublishPost();
  const unpublish = useUnpublishPost();
  const uploadCover = useUploadCover();
  const removeCover = useRemoveCover();
  const remove = useDeletePost();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [coverError, setCoverError] = useState<string>();
  const form = useForm<BlogPostInput>({
    resolver: zodResolver(blogPostInputSchema),
    defaultValues: post ? inputOf(post) : EMPTY,
  });
  const body = useWatch({ control: form.control, name: "bodyMarkdown" });
  const busy =
    form.formState.isSubmitting ||
    [create, update, publish, unpublish, uploadCover, removeCover].some((mutation) => mutation.isPending);

  /** Saves the form; the post as stored, or null when it was refused (the reason is shown on the form). */
  const save = async (input: BlogPostInput): Promise<BlogAdminPost | null> => {
    try {
      const saved = post ? await update.mutateAsync({ id: post.id, input }) : await create.mutateAsync(input);
      form.reset(inputOf(saved));
      return saved;
    } catch (error) {
      if (error instanceof ApiClientError && error.code === "BLOG_SLUG_TAKEN")
        form.setError("slug", { message: t("errors:blogSlugTaken") }, { shouldFocus: true });
      toast.error(t("editor.saveFailed"), { description: apiErrorText(t, error) });
      return null;
    }
  };

  const submit = form.handleSubmit(async (input) => {
    const saved = await save(input);
    if (!saved) return;
    toast.success(t("editor.saved"));
    if (!post) await navigate(`/blog-admin/${saved.id}`, { replace: true });
  });

  /** Publishing and unpublishing keep what is in the form: it is saved first. */
  const saveThen = (action: (id: string) => Promise<unknown>, success: string) =>
    form.handleSubmit(async (input) => {
      const saved = await save(input);
      if (!saved) return;
      try {
        await action(saved.id);
        toast.success(success);
      } catch (error) {
        toast.error(t("editor.actionFailed"), { description: apiErrorText(t, error) });
      }
    })();

  const changeCover = async (run: () => Promise<unknown>) => {
    try {
      await run();
      setCoverError(undefined);
    } catch (error) {
      setCoverError(apiErrorText(t, error));
    }
  };

  const deletePost = async () => {
    if (!post) return;
    try {
      await remove.mutateAsync(post.id);
      toast.success(t("editor.deleted"));
      await navigate("/blog-admin", { replace: true });
    } catch (error) {
      toast.error(t("editor.actionFailed"), { description: apiErrorText(t, error) });
      setConfirmDelete(false);
    }
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button asChild variant="ghost" size="sm">
          <Link to="/blog-admin">
            <ArrowLeft aria-hidden />
            {t("editor.back")}
          </Link>
        </Button>
        {post ? (
          <Button asChild variant="outline" size="sm">
            <Link to={`/blog/${post.slug}`}>
              <Eye aria-hidden />
              {t("editor.previewPage")}
            </Link>
          </Button>
        ) : null}
      </div>
      <h1 className="text-2xl font-semibold">{post ? t("editor.editTitle") : t("editor.newTitle")}</h1>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
        <fieldset disabled={busy} className="flex flex-col gap-6">
          <PostFields form={form} postId={post?.id} posts={posts.data ?? []} body={body} />
        </fieldset>
        <Button type="submit" loading={form.formState.isSubmitting} className="self-start">
          {form.formState.isSubmitting ? null : <Save aria-hidden />}
          {form.formState.isSubmitting ? t("editor.saving") : t("editor.save")}
        </Button>
      </form>
      {post ? (
        <div className="grid gap-6 md:grid-cols-2">
          <CoverField
            coverUrl={post.coverUrl}
            busy={busy}
            error={coverError}
            onPick={(file) => void changeCover(() => uploadCover.mutateAsync({ id: post.id, file }))}
            onRemove={() => void changeCover(() => removeCover.mutateAsync(post.id))}
          />
          <PublishPanel
            post={post}
            busy={busy}
            onPublish={(publishAt) =>
              void saveThen(
                (id) => publish.mutateAsync({ id, input: publishAt ? { publishAt } : {} }),
                publishAt ? t("editor.scheduled") : t("editor.published"),
              )
            }
            onUnpublish={() => void saveThen((id) => unpublish.mutateAsync(id), t("editor.unpublished"))}
            onDelete={() => setConfirmDelete(true)}
          />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t("editor.saveFirst")}</p>
      )}
      <ConfirmActionDialog
        open={confirmDelete}
        title={t("editor.deleteTitle")}
        description={t("editor.deleteDescription", { title: post?.title ?? "" })}
        confirmLabel={t("editor.delete")}
        busyLabel={t("editor.deleting")}
        busy={remove.isPending}
        onConfirm={() => void deletePost()}
        onClose={() => setConfirmDelete(false)}
      />
    </div>
  );
}

/** /blog-admin/new and /blog-admin/:id: the editor with its live preview, cover and publishing controls. */
export default function BlogEditorPage() {
  const { t } = useTranslation("blog");
  const { id } = useParams();
  const query = useAdminPost(id);
  if (id === undefined) return <PostEditor post={null} />;
  if (query.isPending)
    return (
      <div className="mx-auto flex max-w-6xl flex-col gap-4" aria-busy="true">
        <Skeleton className="h-10 w-1/2" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  if (query.isError)
    return (
      <LoadFailed
        title={`${t("post.loadFailed")} ${apiErrorText(t, query.error)}`}
        retryLabel={t("admin.retry")}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  // Keyed by post: after a save the editor's form takes the stored values, not the previous post's.
  return <PostEditor key={query.data.id} post={query.data} />;
}
