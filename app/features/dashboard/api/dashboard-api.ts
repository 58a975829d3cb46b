import { callApi, queryKeyOf } from "../../../lib/api-call.ts";
import { getDashboard } from "../../../../shared/api/contracts/overview.ts";

const input = (timeZone: string) => ({ query: { tz: timeZone } });

export const dashboardKeys = { summary: (timeZone: string) => queryKeyOf(getDashboard, input(timeZone)) };

/** Days are the reader's: the server counts each application's week in this time zone. */
export const dashboardApi = {
  summary: (timeZone: string) => callApi(getDashboard, input(timeZone)),
};
