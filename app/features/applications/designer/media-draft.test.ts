import { describe, expect, it } from "vitest";
import { invalidAcceptEntries, mediaConfigOf, mediaDraftOf } from "./media-draft.ts";

describe("media settings in the designer", () => {
  it("opens a new question on its defaults and an imported one on its own values", () => {
    expect(mediaDraftOf("audio", {})).toEqual({ maxSize: 10, maxDuration: 300, captureMode: "both", acceptText: "" });
    expect(mediaDraftOf("video", {}).maxDuration).toBeNull();
    expect(mediaDraftOf("file", { maxSize: 2, accept: [".pdf", "image/*"] })).toMatchObject({
      maxSize: 2,
      acceptText: ".pdf, image/*",
    });
  });

  it("saves only the keys of its type, the accept list as entries", () => {
    const draft = { maxSize: 5 as const, maxDuration: 90, captureMode: "camera" as const, acceptText: ".PDF, .csv" };
    expect(mediaConfigOf("audio", draft)).toEqual({ maxSize: 5, maxDuration: 90 });
    expect(mediaConfigOf("video", draft)).toEqual({ maxSize: 5, maxDuration: 90, captureMode: "camera" });
    expect(mediaConfigOf("file", draft)).toEqual({ maxSize: 5, accept: [".pdf", ".csv"] });
  });

  it("names the typed entries that are neither an extension nor a type", () => {
    const draft = mediaDraftOf("file", {});
    expect(invalidAcceptEntries({ ...draft, acceptText: "pdf, .docx, image/*, *" })).toEqual(["pdf", "*"]);
  });
});
