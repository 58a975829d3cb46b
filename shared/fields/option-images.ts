import { z } from "zod";

/** An attached image's name as a choice names it (XLSForm's `image` column): one safe segment, an image extension. */
export const OPTION_IMAGE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}\.(jpe?g|png|webp)$/i;

/**
 * The attached image each option shows beside its label, keyed by option (its label, as options are stored). Like a
 * `choicesFile`, the name is not checked against the form's attachments when it is saved: the files are uploaded after
 * the form's fields exist (XLSForm import first, media next), and the phone shows only the label while one is missing.
 */
export const optionImagesSchema = z
  .record(z.string(), z.string().trim().regex(OPTION_IMAGE_NAME_PATTERN, "invalidOptionImage"))
  .optional();
export type OptionImages = Record<string, string>;

/** The images of the options a field still has; undefined when none is left (the config stays without the key). */
export function keptOptionImages(
  images: OptionImages | undefined,
  options: readonly string[],
): OptionImages | undefined {
  const kept = Object.entries(images ?? {}).filter(([option]) => options.includes(option));
  return kept.length === 0 ? undefined : Object.fromEntries(kept);
}

/** Every image a field's options name: the files its form must have attached. */
export function optionImageNames(config: object): string[] {
  const images: unknown = Reflect.get(config, "optionImages");
  if (typeof images !== "object" || images === null) return [];
  return Object.values(images).filter((name): name is string => typeof name === "string" && name !== "");
}

/** The image an option of a field's config shows, if any (configs of every choice type are read alike). */
export function optionImageOf(config: object, option: string): string | undefined {
  const images: unknown = Reflect.get(config, "optionImages");
  if (typeof images !== "object" || images === null) return undefined;
  const name: unknown = Reflect.get(images, option);
  return typeof name === "string" && name !== "" ? name : undefined;
}
