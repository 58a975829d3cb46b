import { describe, expect, it } from "vitest";
import { withDeviceValues } from "./device-values.ts";
import { formShape } from "./form-structure.ts";
import { toCollectFields, type RawField } from "./form-values.ts";
import { checkRecord } from "./record-rules.ts";

const field = (id: string, fieldType: string, position: number, config: object): RawField => ({
  id,
  fieldType,
  label: id,
  name: id,
  position,
  config,
});
const shape = formShape(
  toCollectFields([
    field("duration", "calculation", 0, { calculation: "duration()" }),
    field("device", "calculation", 1, { calculation: "device-info()" }),
    field("age", "number", 2, {}),
    field("double", "calculation", 3, { calculation: "${age} * 2" }),
  ]),
);
const context = {
  startedAt: new Date("2026-11-23T12:00:00Z"),
  now: new Date("2026-11-23T12:03:20Z"),
  deviceInfo: "Mozilla/5.0 (Linux; Android 14)",
};

describe("the calculations that read the phone, on saving", () => {
  it("are computed from when the record was opened and the browser, and stored with the record", () => {
    const values = withDeviceValues(shape, { age: "30" }, context);
    expect(values).toEqual({ age: "30", duration: "200", device: context.deviceInfo });
    expect(checkRecord(shape, values, context.now).answers).toEqual({
      age: 30,
      duration: "200",
      device: context.deviceInfo,
      double: 60,
    });
  });

  it("keep the values of the first collection when the record is edited", () => {
    const edited = { age: "31", duration: "200", device: "another phone" };
    expect(withDeviceValues(shape, edited, { ...context, now: new Date("2026-11-24T08:00:00Z") })).toEqual(edited);
  });
});
