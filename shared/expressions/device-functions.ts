import type { Expression } from "./ast.ts";
import type { FunctionSpec } from "./functions.ts";

/**
 * SurveyCTO's functions that describe the collection itself rather than the answers: `duration()`, the seconds since
 * the collector opened the record, and `device-info()`, a text naming the device and browser. Only the phone knows
 * them (the scope's `startedAt` and `deviceInfo`); elsewhere they are empty. A calculation that calls one therefore
 * keeps the value the phone computed when the record was saved, as an answer (shared/forms/device-calculations.ts).
 */
export const DEVICE_FUNCTIONS: Readonly<Record<string, FunctionSpec>> = {
  duration: {
    minArgs: 0,
    maxArgs: 0,
    returns: () => "number",
    run: (_, ctx) =>
      ctx.startedAt === undefined
        ? null
        : Math.max(0, Math.floor((ctx.now.getTime() - ctx.startedAt.getTime()) / 1000)),
  },
  device_info: { minArgs: 0, maxArgs: 0, returns: () => "text", run: (_, ctx) => ctx.deviceInfo ?? null },
};

/** Whether an expression calls one of them anywhere (its value then depends on the phone that computed it). */
export function callsDeviceFunction(expression: Expression): boolean {
  switch (expression.kind) {
    case "call":
      return Object.hasOwn(DEVICE_FUNCTIONS, expression.name) || expression.args.some(callsDeviceFunction);
    case "binary":
      return callsDeviceFunction(expression.left) || callsDeviceFunction(expression.right);
    case "negate":
      return callsDeviceFunction(expression.operand);
    case "lookup":
      return expression.filter !== null && callsDeviceFunction(expression.filter);
    default:
      return false;
  }
}
