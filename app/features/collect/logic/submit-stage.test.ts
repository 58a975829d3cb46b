import { describe, expect, it } from "vitest";
import { INITIAL_SUBMIT_STATE, submitReducer, type SubmitEvent, type SubmitState } from "./submit-stage.ts";

function run(...events: SubmitEvent[]): SubmitState {
  return events.reduce(submitReducer, INITIAL_SUBMIT_STATE);
}

describe("submitReducer", () => {
  it("goes idle → validating → invalid", () => {
    expect(run({ type: "submit" }).stage).toBe("validating");
    expect(run({ type: "submit" }, { type: "invalid" }).stage).toBe("invalid");
  });

  it("saves online to success", () => {
    const state = run({ type: "submit" }, { type: "save", online: true }, { type: "saved", outcome: "online" });
    expect(state).toEqual({ stage: "success", outcome: "online" });
  });

  it("falls back to offline when the upload fails like the network", () => {
    const events: SubmitEvent[] = [{ type: "submit" }, { type: "save", online: true }, { type: "fallBackOffline" }];
    expect(run(...events).stage).toBe("saving_offline");
    expect(run(...events, { type: "saved", outcome: "offline" })).toEqual({ stage: "success", outcome: "offline" });
  });

  it("saves offline directly when the device is offline", () => {
    expect(run({ type: "submit" }, { type: "save", online: false }).stage).toBe("saving_offline");
  });

  it("ends in error and can start again", () => {
    const failed = run({ type: "submit" }, { type: "save", online: true }, { type: "failed" });
    expect(failed.stage).toBe("error");
    expect(submitReducer(failed, { type: "submit" }).stage).toBe("validating");
  });

  it("ignores a second submit while busy", () => {
    const saving = run({ type: "submit" }, { type: "save", online: true });
    expect(submitReducer(saving, { type: "submit" })).toBe(saving);
    expect(submitReducer(saving, { type: "reset" })).toBe(saving);
  });

  it("returns to idle on reset after success", () => {
    const done = run({ type: "submit" }, { type: "save", online: false }, { type: "saved", outcome: "offline" });
    expect(submitReducer(done, { type: "reset" })).toEqual(INITIAL_SUBMIT_STATE);
  });

  it("ignores events out of order", () => {
    expect(run({ type: "saved", outcome: "online" })).toEqual(INITIAL_SUBMIT_STATE);
    expect(run({ type: "invalid" })).toEqual(INITIAL_SUBMIT_STATE);
  });
});
