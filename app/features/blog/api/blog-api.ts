import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi, queryKeyOf, resourceKey } from "../../../lib/api-call.ts";
import { callUpload } from "../../../lib/api-upload.ts";
import * as blog from "../../../../shared/api/contracts/blog.ts";
import type { BlogPostInput, BlogPublishInput } from "../../../../shared/blog/post-schema.ts";
import type { BlogAdminPost } from "../../../../shared/blog/post-views.ts";
import type { Language } from "../../../../shared/i18n/languages.ts";

/** Everything the public blog reads (its pages and posts) sits under this key, the editor's under the next. */
const BLOG_KEY = resourceKey(blog.listBlogPosts.path);
const ADMIN_KEY = resourceKey(blog.listBlogAdminPosts.path);
const adminPostInput = (id: string) => ({ params: { id } });

export function useBlogPage(language: Language, page: number) {
  const input = { query: { language, page } };
  return useQuery({
    queryKey: queryKeyOf(blog.listBlogPosts, input),
    queryFn: () => callApi(blog.listBlogPosts, input),
    placeholderData: keepPreviousData,
  });
}

export function useBlogPost(slug: string) {
  const input = { params: { slug } };
  return useQuery({
    queryKey: queryKeyOf(blog.getBlogPost, input),
    queryFn: async () => (await callApi(blog.getBlogPost, input)).post,
    retry: false,
  });
}

export function useAdminPosts() {
  return useQuery({
    queryKey: queryKeyOf(blog.listBlogAdminPosts, {}),
    queryFn: async () => (await callApi(blog.listBlogAdminPosts, {})).posts,
  });
}

export function useAdminPost(id: string | undefined) {
  const input = adminPostInput(id ?? "");
  return useQuery({
    queryKey: queryKeyOf(blog.getBlogAdminPost, input),
    queryFn: async () => (await callApi(blog.getBlogAdminPost, input)).post,
    enabled: id !== undefined,
  });
}

type PostAnswer = { post: BlogAdminPost };

/** After any change to a post, the admin's caches and the public ones are refreshed. */
function useSettle() {
  const queryClient = useQueryClient();
  return async (post?: BlogAdminPost) => {
    if (post) queryClient.setQueryData(queryKeyOf(blog.getBlogAdminPost, adminPostInput(post.id)), post);
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
  usePostMutation((input: BlogPostInput) => callApi(blog.createBlogPost, { body: input }));

export const useUpdatePost = () =>
  usePostMutation(({ id, input }: { id: string; input: BlogPostInput }) =>
    callApi(blog.updateBlogPost, { params: { id }, body: input }),
  );

export const usePublishPost = () =>
  usePostMutation(({ id, input }: { id: string; input: BlogPublishInput }) =>
    callApi(blog.publishBlogPost, { params: { id }, body: input }),
  );

export const useUnpublishPost = () =>
  usePostMutation((id: string) => callApi(blog.unpublishBlogPost, { params: { id } }));

export const useUploadCover = () =>
  usePostMutation(({ id, file }: { id: string; file: File }) => {
    const form = new FormData();
    form.set("cover", file);
    return callUpload(blog.setBlogCover, { params: { id } }, form);
  });

export const useRemoveCover = () => usePostMutation((id: string) => callApi(blog.removeBlogCover, { params: { id } }));

export function useDeletePost() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (id: string) => callApi(blog.deleteBlogPost, { params: { id } }),
    onSuccess: () => settle(),
  });
}

/** Uploads a picture for a post's body; the answer holds its URL. */
export function uploadBodyImage({ postId, file }: { postId: string; file: File }) {
  const form = new FormData();
  form.set("image", file);
  return callUpload(blog.addBlogImage, { params: { id: postId } }, form);
}
