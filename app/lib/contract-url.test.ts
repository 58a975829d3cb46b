import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { contractUrl } from "../../shared/api/contract-url.ts";
import { deviceKey, queryKeyOf } from "./api-call.ts";
import { attachmentUrl } from "./attachment-url.ts";
import { uploadAttachment } from "../../shared/api/contracts/attachments.ts";
import { exportRecords } from "../../shared/api/contracts/data.ts";
import { getApplication } from "../../shared/api/contracts/applications.ts";
import { listTeamLayers } from "../../shared/api/contracts/team-layers.ts";

describe("contractUrl", () => {
  it("fills the path's parameters, encoded, and leaves out the query's absent values", () => {
    const url = contractUrl(uploadAttachment, {
      params: { id: "ab/cd" },
      query: { applicationId: undefined, fieldId: "f1", name: "a b&c.pdf" },
    });
    expect(url).toBe("/api/attachments/ab%2Fcd?fieldId=f1&name=a+b%26c.pdf");
  });

  it("fills a parameter restricted by a pattern (the export's file name)", () => {
    const url = contractUrl(exportRecords, { params: { id: "app-1", file: "export.csv" }, query: { lang: "en" } });
    expect(url).toBe("/api/applications/app-1/export.csv?lang=en");
  });

  it("names a stored attachment by its id", () => {
    expect(attachmentUrl("7e1c2d3f")).toBe("/api/attachments/7e1c2d3f");
  });
});

describe("deviceKey", () => {
  it("sits under the resource's key, apart from the server's answer, once per user", async () => {
    const client = new QueryClient();
    const application = queryKeyOf(getApplication, { params: { id: "app-1" } });
    const layers = queryKeyOf(listTeamLayers, { params: { id: "app-1" } });
    client.setQueryData(layers, { layers: [] });
    client.setQueryData(deviceKey(layers, "user-1"), []);
    client.setQueryData(deviceKey(layers, "user-2"), []);
    expect(client.getQueryData(layers)).toEqual({ layers: [] });

    await client.invalidateQueries({ queryKey: application });
    const stale = client
      .getQueryCache()
      .findAll({ queryKey: application })
      .filter((query) => query.state.isInvalidated);
    expect(stale).toHaveLength(3);
  });
});
