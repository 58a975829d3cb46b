import { createHash, randomUUID } from "node:crypto";
import type { HttpClient } from "../../test-support/http-client.ts";
import { solveProof } from "../../../shared/public-links/proof-of-work.ts";
import {
  PROOF_HEADER,
  type ProofChallengeDto,
  type PublicLinkDto,
} from "../../../shared/public-links/public-link-dtos.ts";
import type { SyncRecordResult } from "../../../shared/submissions/sync-schemas.ts";

/** Helpers of the public link API tests and the public-link benchmark: a visitor as a browser would act. */

export const sha256 = (text: string): Uint8Array => createHash("sha256").update(text).digest();

export async function createLink(
  admin: HttpClient,
  applicationId: string,
  settings: Record<string, unknown> = {},
): Promise<PublicLinkDto> {
  const response = await admin.post(`/api/applications/${applicationId}/public-links`, {
    name: `Link ${randomUUID().slice(0, 6)}`,
    ...settings,
  });
  if (response.status !== 201) throw new Error(`create link: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { link: PublicLinkDto }).link;
}

/** A visitor from one address: every request carries it (the server trusts X-Forwarded-For in these tests). */
export class Visitor {
  readonly deviceId = randomUUID();
  private proof: string | undefined;

  constructor(
    private readonly client: HttpClient,
    readonly token: string,
    readonly address: string,
  ) {}

  get(path = ""): Promise<Response> {
    return this.client.request(`/api/public/links/${this.token}${path}`, {
      headers: { "x-forwarded-for": this.address },
    });
  }

  /** Solves the link's challenge, as the page's worker does, and keeps the proof for the next requests. */
  async solve(): Promise<string> {
    const response = await this.get("/challenge");
    if (response.status !== 200) throw new Error(`challenge: ${response.status} ${await response.text()}`);
    const { challenge, difficulty } = (await response.json()) as ProofChallengeDto;
    this.proof = `${challenge}.${await solveProof(challenge, difficulty, sha256)}`;
    return this.proof;
  }

  /** POST …/sync with the kept proof (or `proof` given, or none at all with null). */
  send(records: unknown[], proof: string | null | undefined = this.proof, deviceId = this.deviceId): Promise<Response> {
    return this.client.request(`/api/public/links/${this.token}/sync`, {
      method: "POST",
      json: { deviceId, records },
      headers: { "x-forwarded-for": this.address, ...(proof ? { [PROOF_HEADER]: proof } : {}) },
    });
  }

  /** PUT …/attachments/<sha256> with the kept proof (or none with null), as the page uploads a photo or file. */
  upload(
    bytes: Uint8Array,
    target: { fieldId?: string; name?: string } = {},
    proof: string | null = this.proof ?? null,
  ): Promise<Response> {
    const query = new URLSearchParams(Object.entries(target).filter(([, value]) => value !== undefined));
    const hash = createHash("sha256").update(bytes).digest("hex");
    return this.client.request(`/api/public/links/${this.token}/attachments/${hash}?${query.toString()}`, {
      method: "PUT",
      body: new Uint8Array(bytes),
      headers: {
        "content-type": "application/octet-stream",
        "x-forwarded-for": this.address,
        ...(proof ? { [PROOF_HEADER]: proof } : {}),
      },
    });
  }

  async results(records: unknown[]): Promise<SyncRecordResult[]> {
    const response = await this.send(records);
    if (response.status !== 200) throw new Error(`sync: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { results: SyncRecordResult[] }).results;
  }
}

let nextAddress = 1;
/** A fresh client address, so one test's requests never meet another's per-address limit. */
export function freshAddress(): string {
  const n = nextAddress++;
  return `10.9.${Math.floor(n / 250)}.${n % 250}`;
}

export function visitorRecord(applicationId: string, answers: Record<string, unknown>, formVersion?: number) {
  return {
    id: randomUUID(),
    applicationId,
    answers,
    clientCreatedAt: new Date().toISOString(),
    ...(formVersion === undefined ? {} : { formVersion }),
  };
}
