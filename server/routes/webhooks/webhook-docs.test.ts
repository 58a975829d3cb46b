import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, assert, describe, expect, it } from "vitest";
import { webhookSignature } from "../../services/webhooks/webhook-signature.ts";

/** The verification snippets of docs/integrations.md, run as written against Campo's own signatures. */
function snippet(language: "ts" | "python"): string {
  const docs = readFileSync("docs/integrations.md", "utf8");
  const match = new RegExp("```" + language + "\\n([\\s\\S]*?)```").exec(docs.slice(docs.indexOf("## Webhooks")));
  assert(match?.[1], `no ${language} snippet in the Webhooks section`);
  return match[1];
}

function pythonAvailable(): boolean {
  try {
    execFileSync("python3", ["--version"]);
    return true;
  } catch {
    return false;
  }
}

const secret = "whsec_test-secret";
const body = JSON.stringify({ id: "e1", event: "record.created", record: { answers: { Nome: "Ação ✓" } } });
const now = () => Math.floor(Date.now() / 1000);

describe("docs/integrations.md webhook verification snippets", () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), "campo-webhook-docs-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("TypeScript: accepts Campo's signature, refuses a changed body, another secret and an old timestamp", async () => {
    const file = path.join(folder, "verify.ts");
    writeFileSync(file, snippet("ts"));
    const { verifyCampoSignature } = (await import(pathToFileURL(file).href)) as {
      verifyCampoSignature: (secret: string, header: string, rawBody: string) => boolean;
    };
    expect(verifyCampoSignature(secret, webhookSignature(secret, body, now()), body)).toBe(true);
    expect(verifyCampoSignature(secret, webhookSignature(secret, body, now()), body.replace("e1", "e2"))).toBe(false);
    expect(verifyCampoSignature("other", webhookSignature(secret, body, now()), body)).toBe(false);
    expect(verifyCampoSignature(secret, webhookSignature(secret, body, now() - 3600), body)).toBe(false);
    expect(verifyCampoSignature(secret, "garbage", body)).toBe(false);
  });

  // python3 ships with Debian, where CI runs; the check is not skipped silently when it is missing.
  it("Python: the same four answers", () => {
    expect(pythonAvailable(), "python3 is needed for this check").toBe(true);
    const file = path.join(folder, "verify.py");
    writeFileSync(
      file,
      `${snippet("python")}
import json, sys
cases = json.loads(sys.stdin.read())
print(json.dumps([verify_campo_signature(c["secret"], c["header"], c["body"].encode()) for c in cases]))
`,
    );
    const cases = [
      { secret, header: webhookSignature(secret, body, now()), body },
      { secret, header: webhookSignature(secret, body, now()), body: body.replace("e1", "e2") },
      { secret: "other", header: webhookSignature(secret, body, now()), body },
      { secret, header: webhookSignature(secret, body, now() - 3600), body },
    ];
    const output = execFileSync("python3", [file], { input: JSON.stringify(cases), encoding: "utf8" });
    expect(JSON.parse(output)).toEqual([true, false, false, false]);
  });
});
