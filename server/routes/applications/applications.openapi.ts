import { z } from "zod";
import { declareRoutes } from "../../openapi/route-declaration.ts";
import {
  applicationListSchema,
  applicationWithFieldsSchema,
  clearDataResultSchema,
} from "../../../shared/applications/application-response-schemas.ts";
import type { FormVersionsResponse } from "../../../shared/applications/form-version-dtos.ts";
import { createApplicationSchema, updateApplicationSchema } from "./schema.ts";

const formVersionsSchema: z.ZodType<FormVersionsResponse> = z.object({
  versions: z.array(
    z.object({
      version: z.number().int(),
      createdAt: z.string(),
      createdByName: z.string().nullable(),
      fieldCount: z.number().int(),
      current: z.boolean(),
    }),
  ),
});

export const applicationsApi = declareRoutes("Applications", [
  {
    method: "get",
    path: "/api/applications",
    summary: "List the applications the caller owns or is a member of, with counts and what the caller may do",
    response: applicationListSchema,
  },
  {
    method: "post",
    path: "/api/applications",
    summary: "Create an application with its form (within the plan's application limit)",
    body: createApplicationSchema,
    response: applicationWithFieldsSchema,
    status: 201,
  },
  {
    method: "get",
    path: "/api/applications/:id",
    summary: "Read an application, its live fields and the caller's permissions",
    response: applicationWithFieldsSchema,
  },
  {
    method: "put",
    path: "/api/applications/:id",
    summary: "Save the application and its whole form (a new form version once it has records)",
    description:
      "Administrators only. Changing the type of a field that has answers is refused (409 FIELD_TYPE_LOCKED).",
    body: updateApplicationSchema,
    response: applicationWithFieldsSchema,
  },
  {
    method: "get",
    path: "/api/applications/:id/versions",
    summary: "List the form's versions, newest first",
    response: formVersionsSchema,
  },
  { method: "delete", path: "/api/applications/:id", summary: "Delete the application and its records", status: 204 },
  {
    method: "delete",
    path: "/api/applications/:id/submissions",
    summary: "Delete every record of the application (paid plans; owner and administrators)",
    response: clearDataResultSchema,
  },
]);
