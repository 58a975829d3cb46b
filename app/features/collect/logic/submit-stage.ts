/** Spec 001 §4: idle → validating → invalid | saving_online | saving_offline → success | error. */
export type SubmitStage = "idle" | "validating" | "invalid" | "saving_online" | "saving_offline" | "success" | "error";

/** Where the record ended up: acknowledged by the server, or kept in the outbox until the next sync. */
export type SaveOutcome = "online" | "offline";

export interface SubmitState {
  stage: SubmitStage;
  outcome: SaveOutcome | null;
}

export type SubmitEvent =
  | { type: "submit" }
  | { type: "invalid" }
  | { type: "save"; online: boolean }
  /** The upload failed like a network failure: the record stays in the outbox. */
  | { type: "fallBackOffline" }
  | { type: "saved"; outcome: SaveOutcome }
  | { type: "failed" }
  | { type: "reset" };

/** Success returns to idle after this delay. */
export const SUCCESS_RESET_MS = 2000;

export const INITIAL_SUBMIT_STATE: SubmitState = { stage: "idle", outcome: null };

const BUSY: readonly SubmitStage[] = ["validating", "saving_online", "saving_offline"];

export function isBusy(stage: SubmitStage): boolean {
  return BUSY.includes(stage);
}

/** Events that do not fit the current stage are ignored, so a double tap cannot start a second save. */
export function submitReducer(state: SubmitState, event: SubmitEvent): SubmitState {
  switch (event.type) {
    case "submit":
      return isBusy(state.stage) ? state : { stage: "validating", outcome: null };
    case "invalid":
      return state.stage === "validating" ? { stage: "invalid", outcome: null } : state;
    case "save":
      return state.stage === "validating"
        ? { stage: event.online ? "saving_online" : "saving_offline", outcome: null }
        : state;
    case "fallBackOffline":
      return state.stage === "saving_online" ? { stage: "saving_offline", outcome: null } : state;
    case "saved":
      return state.stage === "saving_online" || state.stage === "saving_offline"
        ? { stage: "success", outcome: event.outcome }
        : state;
    case "failed":
      return isBusy(state.stage) ? { stage: "error", outcome: null } : state;
    case "reset":
      return isBusy(state.stage) ? state : INITIAL_SUBMIT_STATE;
  }
}
