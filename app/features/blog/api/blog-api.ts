import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiFetch } from "../../../lib/api-client.ts";
import type { BlogPostInput, BlogPublishInput } from "../../../../shared/blog/post-schema.ts";
import type { BlogAdminPost, BlogPostPage, BlogPostView } from "../../../../shared/blog/post-views.ts";
import type { Language } from "../../../../shared/i18n/languages.ts";

const BLOG_KEY = ["blog"] as const;
const ADMIN_KEY = ["blog-admin"] as const;

export function useBlogPage(language: Language, page: number) {
  return useQuery({
    queryKey: [...BLOG_KEY, "page", language, page],
    queryFn: () => api.get<BlogPostPage>(`/api/blog/posts?language=${encodeURIComponent(language)}&page=${page}`),
    placeholderData: keepPreviousData,
  });
}

export function useBlogPost(slug: string) {
  return useQuery({
    queryKey: [...BLOG_KEY, "post", slug],
    queryFn: async () => (await api.get<{ post: BlogPostView }>(`/api/blog/posts/${encodeURIComponent(slug)}`)).post,
    retry: false,
  });
}

export function useAdminPosts() {
  return useQuery({
    queryKey: [...ADMIN_KEY, "list"],
    queryFn: async () => (await api.get<{ posts: BlogAdminPost[] }>("/api/blog-admin/posts")).posts,
  });
}

export function useAdminPost(id: string | undefined) {
  return useQuery({
    queryKey: [...ADMIN_KEY, "post", id],
    queryFn: async () => (await api.get<{ post: BlogAdminPost }>(`/api/blog-admin/posts/${id}`)).post,
    enabled: id !== undefined,
  });
}

type PostAnswer = { post: BlogAdminPost };

/** After any change to a post, the admin's caches and the public ones are refreshed. */
function useSettle() {
  const queryClient = useQueryClient();
  return async (post?: BlogAdminPost) => {
    if (post) queryClient.setQueryData([...ADMIN_KEY, "post", post.id], post);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
      queryClient.invalidateQueries({ queryKey: BLOG_KEY }),
    ]);
  };
}

function usePostMutation<T>(run: (variables: T) => Promise<PostAnswer>) {
  const settle = useSettle();
  return useMutation({ mutationFn: async (variables: T) => (await run(variables)).post, onSuccess: settle });
}

export const useCreatePost = () =>
  usePostMutation((input: BlogPostInput) => api.post<PostAnswer>("/api/blog-admin/posts", input));

export const useUpdatePost = () =>
  usePostMutation(({ id, input }: { id: string; input: BlogPostInput }) =>
    api.put<PostAnswer>(`/api/blog-admin/posts/${id}`, input),
  );

export const usePublishPost = () =>
  usePostMutation(({ id, input }: { id: string; input: BlogPublishInput }) =>
    api.post<PostAnswer>(`/api/blog-admin/posts/${id}/publish`, input),
  );

export const useUnpublishPost = () =>
  usePostMutation((id: string) => api.post<PostAnswer>(`/api/blog-admin/posts/${id}/unpublish`));

export const useUploadCover = () =>
  usePostMutation(({ id, file }: { id: string; file: File }) => {
    const body = new FormData();
    body.set("cover", file);
    return apiFetch<PostAnswer>(`/api/blog-admin/posts/${id}/cover`, { method: "PUT", body });
  });

export const useRemoveCover = () =>
  usePostMutation((id: string) => api.delete<PostAnswer>(`/api/blog-admin/posts/${id}/cover`));

export function useDeletePost() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/blog-admin/posts/${id}`),
    onSuccess: () => settle(),
  });
}
