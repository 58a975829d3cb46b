import { describe, expect, it } from "vitest";
import { evaluateExpression, parseExpression } from "../expressions/index.ts";
import { isDeviceCalculation } from "../fields/held-calculations.ts";
import { deviceAnswers } from "./device-calculations.ts";
import { analyzeForm, evaluateForm, validateRecord } from "./index.ts";
import { form } from "./test-form.ts";

const STARTED = new Date("2026-05-01T12:00:00Z");
const SAVED = { now: new Date("2026-05-01T12:07:30.900Z"), utcOffsetMinutes: 0 };
const PHONE = { ...SAVED, startedAt: STARTED, deviceInfo: "Mozilla/5.0 (Linux; Android 14; Pixel 8)" };

function run(source: string, scope: Partial<typeof PHONE> = {}) {
  const parsed = parseExpression(source);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  return evaluateExpression(parsed.expression, { field: () => null, ...scope });
}

describe("SurveyCTO's duration() and device-info()", () => {
  it("are the whole seconds since the record was opened and the device's description, on the phone", () => {
    expect(run("duration()", PHONE)).toBe(450);
    expect(run("device-info()", PHONE)).toBe(PHONE.deviceInfo);
    expect(run("if(duration() > 60, 'slow', 'quick')", PHONE)).toBe("slow");
  });

  it("are empty where the opening and the device are unknown (the server)", () => {
    expect(run("duration()", SAVED)).toBe(null);
    expect(run("device_info()", SAVED)).toBe(null);
  });

  const fields = form(
    { name: "duration", fieldType: "calculation", config: { calculation: "duration()" } },
    { name: "device", fieldType: "calculation", config: { calculation: "device-info()" } },
    { name: "age", fieldType: "number" },
    { name: "double", fieldType: "calculation", config: { calculation: "${age} * 2" } },
    { name: "visits", fieldType: "repeat" },
    { name: "took", fieldType: "calculation", parentName: "visits", config: { calculation: "duration() + ${age}" } },
  );

  it("make a calculation the phone's: computed when saved, in every repeat entry", () => {
    expect(fields.map(isDeviceCalculation)).toEqual([true, true, false, false, false, true]);
    expect(analyzeForm(fields)).toEqual([]);
    expect(deviceAnswers(fields, { age: 30, visits: [{}, {}] }, PHONE)).toEqual([
      { key: "duration", fieldId: "duration", answer: "450" },
      { key: "device", fieldId: "device", answer: PHONE.deviceInfo },
      { key: "visits.0.took", fieldId: "took", answer: "480" },
      { key: "visits.1.took", fieldId: "took", answer: "480" },
    ]);
  });

  it("are kept as the phone sent them by the server, which checks them like any answer", () => {
    const sent = { duration: "450", device: PHONE.deviceInfo, age: 30, visits: [{ took: "480" }] };
    const validation = validateRecord(fields, sent, SAVED);
    expect(validation.valid).toBe(true);
    expect(validation.answers).toEqual({ ...sent, double: 60 });
    expect(evaluateForm(fields, sent, SAVED).calculated).toMatchObject({ duration: "450", double: 60 });
    expect(validateRecord(fields, { duration: { not: "a value" } }, SAVED).fieldErrors.duration).toEqual({
      key: "invalidValue",
    });
  });
});
