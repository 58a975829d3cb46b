import { z } from "zod";
import { defineRoute } from "../route-contract.ts";
import {
  applicationListSchema,
  applicationWithFieldsSchema,
  clearDataResultSchema,
} from "../../applications/application-response-schemas.ts";
import { createApplicationSchema, updateApplicationSchema } from "../../applications/application-input-schemas.ts";
import type { FormVersionsResponse } from "../../applications/form-version-dtos.ts";
import { APPLICATION_ADMINS as ADMINS, APPLICATION_READERS } from "./audiences.ts";

const TAG = "Applications";
const PATH = "/api/applications/:id";

/**
 * A whole form travels in one body: up to FIELDS_MAX fields with up to OPTIONS_MAX options each and their
 * translations outgrow the ordinary JSON cap, so saving a form has its own.
 */
export const MAX_FORM_BODY_BYTES = 8 * 1024 * 1024;

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

export const listApplications = defineRoute({
  operationId: "listApplications",
  method: "get",
  path: "/api/applications",
  tag: TAG,
  summary: "List the applications the caller owns or is a member of, with counts and what the caller may do",
  policy: "signedIn",
  token: true,
  response: applicationListSchema,
  errors: [],
});

export const createApplication = defineRoute({
  operationId: "createApplication",
  method: "post",
  path: "/api/applications",
  tag: TAG,
  summary: "Create an application with its form (within the plan's application limit)",
  description: "Any signed-in user, with a session.",
  policy: "signedIn",
  token: false,
  body: createApplicationSchema,
  bodyCap: { maxBytes: MAX_FORM_BODY_BYTES },
  response: applicationWithFieldsSchema,
  status: 201,
  errors: ["APPLICATION_LIMIT_REACHED", "DUPLICATE_APPLICATION_NAME"],
});

export const getApplication = defineRoute({
  operationId: "getApplication",
  method: "get",
  path: PATH,
  tag: TAG,
  summary: "Read an application, its live fields and the caller's permissions",
  description: APPLICATION_READERS,
  policy: "application.read",
  token: true,
  response: applicationWithFieldsSchema,
  errors: [],
});

export const updateApplication = defineRoute({
  operationId: "updateApplication",
  method: "put",
  path: PATH,
  tag: TAG,
  summary: "Save the application and its whole form (a new form version once it has records)",
  description: `${ADMINS} Changing the type of a field that has answers is refused (409 FIELD_TYPE_LOCKED).`,
  policy: "application.edit",
  token: false,
  body: updateApplicationSchema,
  bodyCap: { maxBytes: MAX_FORM_BODY_BYTES },
  response: applicationWithFieldsSchema,
  errors: ["FIELD_TYPE_LOCKED"],
});

export const listFormVersions = defineRoute({
  operationId: "listFormVersions",
  method: "get",
  path: `${PATH}/versions`,
  tag: TAG,
  summary: "List the form's versions, newest first",
  description: ADMINS,
  policy: "application.edit",
  token: false,
  response: formVersionsSchema,
  errors: [],
});

export const deleteApplication = defineRoute({
  operationId: "deleteApplication",
  method: "delete",
  path: PATH,
  tag: TAG,
  summary: "Delete the application and its records",
  description: "The application's owner, with a session.",
  policy: "application.delete",
  token: false,
  status: 204,
  errors: [],
});

export const clearApplicationData = defineRoute({
  operationId: "clearApplicationData",
  method: "delete",
  path: `${PATH}/submissions`,
  tag: TAG,
  summary: "Delete every record of the application (paid plans; owner and administrators)",
  description:
    "Super admins, or the owner and administrators with a session while the owner has a paid plan (403 " +
    "DATA_DELETION_FORBIDDEN otherwise).",
  policy: "application.read",
  token: false,
  response: clearDataResultSchema,
  errors: ["DATA_DELETION_FORBIDDEN"],
});

export const applicationContracts = [
  listApplications,
  createApplication,
  getApplication,
  updateApplication,
  listFormVersions,
  deleteApplication,
  clearApplicationData,
];
