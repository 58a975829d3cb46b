import type * as FileTypeModule from "file-type";

type FileType = typeof FileTypeModule;

let loading: Promise<FileType> | undefined;

/** file-type, imported at the first upload whose bytes are sniffed rather than at start (docs/decisions.md). */
export function loadFileType(): Promise<FileType> {
  return (loading ??= import("file-type"));
}
