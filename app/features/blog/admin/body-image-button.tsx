import { useId, useRef, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { ImagePlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { apiErrorText } from "../../../lib/api-error-text.ts";
import { buttonVariants } from "../../../components/ui/button.tsx";
import { cn } from "../../../lib/cn.ts";
import { BLOG_COVER_ACCEPT } from "../../../../shared/blog/cover.ts";
import { imageMarkdown } from "../../../../shared/blog/body-image.ts";
import { uploadBodyImage } from "../api/blog-api.ts";
import { imageFileProblem } from "./image-file.ts";

/** "Inserir imagem": uploads a picture for the post's body and hands back its Markdown (alt text: the file's name). */
export function BodyImageButton({ postId, onInsert }: { postId: string; onInsert: (markdown: string) => void }) {
  const { t } = useTranslation("blog");
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const upload = useMutation({ mutationFn: uploadBodyImage });
  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) return setError(t(problem));
    setError(undefined);
    try {
      const { url } = await upload.mutateAsync({ postId, file });
      onInsert(imageMarkdown(file.name.replace(/\.[^.]+$/, ""), url));
    } catch (failure) {
      setError(apiErrorText(t, failure));
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={BLOG_COVER_ACCEPT}
        disabled={upload.isPending}
        className="peer sr-only"
        onChange={(event) => void pick(event.target.files?.[0])}
      />
      <label
        htmlFor={inputId}
        aria-busy={upload.isPending}
        className={cn(
          buttonVariants({ variant: "outline", size: "sm" }),
          "cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring",
        )}
      >
        <ImagePlus aria-hidden />
        {upload.isPending ? t("editor.imageUploading") : t("editor.insertImage")}
      </label>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
