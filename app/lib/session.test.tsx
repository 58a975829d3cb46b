// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { SessionProvider, useSession } from "./session.tsx";
import { readStoredSession, storeSession } from "./session-storage.ts";
import { fetchMe, type Me } from "./me.ts";

vi.mock("./me.ts", () => ({ fetchMe: vi.fn() }));

const ANA = { user: { id: "user-1", name: "Ana", email: "ana@campo.test" } } as unknown as Me;

function Status() {
  const { status, me, verified } = useSession();
  return <p>{`${status} ${me?.user.name ?? "-"}${verified ? " verified" : ""}`}</p>;
}

/** The server's answer to GET /api/me, held until the test gives it. */
function pendingAnswer() {
  let answer: (me: Me | null) => void = () => undefined;
  vi.mocked(fetchMe).mockReturnValue(new Promise((resolve) => (answer = resolve)));
  return (me: Me | null) => act(() => answer(me));
}

function renderSession() {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <Status />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe("SessionProvider", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("opens as the user stored on the device while the server is asked, and keeps the server's answer", async () => {
    storeSession(ANA);
    const answer = pendingAnswer();
    renderSession();
    expect(screen.getByText("authenticated Ana")).toBeTruthy();
    expect(fetchMe).toHaveBeenCalledTimes(1);
    await answer({ ...ANA, user: { ...ANA.user, name: "Ana Souza" } });
    expect(await screen.findByText("authenticated Ana Souza verified")).toBeTruthy();
    expect(readStoredSession()?.user.name).toBe("Ana Souza");
  });

  it("signs out on the device when the server says no one is signed in", async () => {
    storeSession(ANA);
    const answer = pendingAnswer();
    renderSession();
    expect(screen.getByText("authenticated Ana")).toBeTruthy();
    await answer(null);
    expect(await screen.findByText("anonymous - verified")).toBeTruthy();
    expect(readStoredSession()).toBeNull();
  });

  it("waits for the server when the device stores no session", async () => {
    const answer = pendingAnswer();
    renderSession();
    expect(screen.getByText("loading -")).toBeTruthy();
    await answer(ANA);
    expect(await screen.findByText("authenticated Ana verified")).toBeTruthy();
  });
});
