import { declareRoutes } from "../../openapi/route-declaration.ts";

export const billingApi = declareRoutes("Billing", [
  { method: "post", path: "/api/billing/webhook", summary: "Create or run billing webhook", public: true },
  { method: "get", path: "/api/billing/subscription", summary: "Read billing subscription" },
  { method: "post", path: "/api/billing/check", summary: "Create or run billing check" },
  { method: "post", path: "/api/billing/checkout", summary: "Create or run billing checkout" },
  { method: "post", path: "/api/billing/portal", summary: "Create or run billing portal" },
  { method: "post", path: "/api/billing/change-plan", summary: "Create or run billing change plan" },
  { method: "post", path: "/api/billing/cancel", summary: "Create or run billing cancel" },
  { method: "post", path: "/api/billing/resume", summary: "Create or run billing resume" },
  { method: "get", path: "/api/billing/invoices", summary: "Read billing invoices" },
  { method: "get", path: "/api/billing/local/sessions/:id", summary: "Read billing local sessions" },
  { method: "post", path: "/api/billing/local/sessions/:id/pay", summary: "Create or run billing local sessions pay" },
  {
    method: "post",
    path: "/api/billing/local/sessions/:id/cancel",
    summary: "Create or run billing local sessions cancel",
  },
  { method: "post", path: "/api/billing/local/simulate", summary: "Create or run billing local simulate" },
]);
