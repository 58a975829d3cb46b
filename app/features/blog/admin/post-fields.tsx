import { useRef, useState } from "react";
import { Controller, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select.tsx";
import type { BlogPostInput } from "../../../../shared/blog/post-schema.ts";
import type { BlogAdminPost } from "../../../../shared/blog/post-views.ts";
import { slugify } from "../../../../shared/blog/slug.ts";
import { LANGUAGES } from "../../../../shared/i18n/languages.ts";
import { MarkdownPreview } from "./markdown-preview.tsx";
import { BodyImageButton } from "./body-image-button.tsx";

/** Radix Select takes no empty value: this one stands for "an original, not a translation". */
const NO_ORIGINAL = "none";

interface PostFieldsProps {
  form: UseFormReturn<BlogPostInput>;
  postId: string | undefined;
  /** Every post, for the translation-of picker. */
  posts: BlogAdminPost[];
  body: string;
}

export function PostFields({ form, postId, posts, body }: PostFieldsProps) {
  const { t } = useTranslation("blog");
  const { errors } = form.formState;
  const message = (key: string | undefined) =>
    key === undefined ? undefined : key.startsWith("validation.") ? t(key) : key;
  // A new post's slug follows its title until someone edits the slug itself.
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(postId === undefined);
  const language = form.watch("language");
  const originals = posts.filter(
    (post) => post.translationOf === null && post.id !== postId && post.language !== language,
  );

  const title = form.register("title", {
    onChange: (event: { target: { value: string } }) => {
      if (slugFollowsTitle)
        form.setValue("slug", slugify(event.target.value), { shouldValidate: form.formState.isSubmitted });
    },
  });
  const slug = form.register("slug", { onChange: () => setSlugFollowsTitle(false) });
  const bodyField = form.register("bodyMarkdown");
  const bodyInput = useRef<HTMLTextAreaElement | null>(null);
  /** Puts an uploaded image's Markdown where the cursor is (or over the selection), the cursor after it. */
  const insertIntoBody = (markdown: string) => {
    const value = form.getValues("bodyMarkdown");
    const start = bodyInput.current?.selectionStart ?? value.length;
    const end = bodyInput.current?.selectionEnd ?? start;
    form.setValue("bodyMarkdown", value.slice(0, start) + markdown + value.slice(end), { shouldDirty: true });
    requestAnimationFrame(() => {
      bodyInput.current?.focus();
      bodyInput.current?.setSelectionRange(start + markdown.length, start + markdown.length);
    });
  };

  return (
    <>
      <div className="grid gap-4 md:grid-cols-2">
        <FormField label={t("editor.title")} error={message(errors.title?.message)} required>
          <Input {...title} />
        </FormField>
        <FormField
          label={t("editor.slug")}
          description={t("editor.slugHint")}
          error={message(errors.slug?.message)}
          required
        >
          <Input {...slug} autoCapitalize="none" spellCheck={false} className="font-mono" />
        </FormField>
      </div>
      <FormField
        label={t("editor.description")}
        description={t("editor.descriptionHint")}
        error={message(errors.description?.message)}
      >
        <Textarea rows={2} {...form.register("description")} />
      </FormField>
      <div className="grid gap-4 md:grid-cols-2">
        <Controller
          control={form.control}
          name="language"
          render={({ field }) => (
            <FormField label={t("editor.language")} id="blog-post-language">
              <Select value={field.value} onValueChange={field.onChange}>
                {/* Radix's Select root takes no id: the label names the trigger. */}
                <SelectTrigger id="blog-post-language">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {LANGUAGES.map((code) => (
                    <SelectItem key={code} value={code}>
                      {t(`languages.${code}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
          )}
        />
        <Controller
          control={form.control}
          name="translationOf"
          render={({ field }) => (
            <FormField label={t("editor.translationOf")}>
              <Select
                value={field.value ?? NO_ORIGINAL}
                onValueChange={(value) => field.onChange(value === NO_ORIGINAL ? null : value)}
              >
                <SelectTrigger>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NO_ORIGINAL}>{t("editor.translationNone")}</SelectItem>
                  {originals.map((post) => (
                    <SelectItem key={post.id} value={post.id}>
                      {post.title} ({t(`languages.${post.language}`)})
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
          )}
        />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-2">
          <FormField label={t("editor.body")} error={message(errors.bodyMarkdown?.message)}>
            <Textarea
              rows={18}
              className="font-mono text-sm"
              {...bodyField}
              ref={(element) => {
                bodyField.ref(element);
                bodyInput.current = element;
              }}
            />
          </FormField>
          {postId ? <BodyImageButton postId={postId} onInsert={insertIntoBody} /> : null}
        </div>
        <div className="flex flex-col gap-2">
          <span className="text-sm font-medium">{t("editor.preview")}</span>
          <MarkdownPreview source={body} />
        </div>
      </div>
    </>
  );
}
