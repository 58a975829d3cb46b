export * from "./auth.ts";
export * from "./profiles.ts";
export * from "./applications.ts";
export * from "./teams.ts";
export * from "./submissions.ts";
export * from "./billing.ts";
export * from "./messages.ts";
