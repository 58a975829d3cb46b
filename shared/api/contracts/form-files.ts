import { z } from "zod";
import { defineRoute } from "../route-contract.ts";
import {
  FORM_FILE_MAX_BYTES,
  formFileSchema,
  formFilesSchema,
  formFileUploadSchema,
  formTableDataSchema,
} from "../../form-files/form-files.ts";
import { APPLICATION_ADMINS as ADMINS, APPLICATION_READERS as READERS } from "./audiences.ts";

const TAG = "Form files";
const PATH = "/api/applications/:id/form-files";

/** Base64 of the largest file, plus its name and the JSON around them. */
export const MAX_FORM_FILE_BODY_BYTES = Math.ceil(FORM_FILE_MAX_BYTES / 3) * 4 + 4096;

export const listFormFiles = defineRoute({
  operationId: "listFormFiles",
  method: "get",
  path: PATH,
  tag: TAG,
  summary: "List the files attached to the form (its current version, or an earlier `version`)",
  description: READERS,
  policy: "application.read",
  token: true,
  query: z.object({ version: z.coerce.number().int().min(1).optional() }),
  response: formFilesSchema,
  errors: [],
});

export const attachFormFile = defineRoute({
  operationId: "attachFormFile",
  method: "post",
  path: PATH,
  tag: TAG,
  summary: "Attach a CSV, GeoJSON or image file to the form, or replace the file of that name",
  description:
    `${ADMINS} CSV and GeoJSON files are parsed and checked (5 MB, 50,000 rows); a form with records gets a new ` +
    "version, so earlier records keep the files they were collected with.",
  policy: "application.edit",
  token: false,
  body: formFileUploadSchema,
  bodyCap: { maxBytes: MAX_FORM_FILE_BODY_BYTES, code: "FORM_FILE_TOO_LARGE" },
  response: formFileSchema,
  status: 201,
  errors: [
    "FORM_FILES_LIMIT_REACHED",
    "FORM_FILE_TOO_LARGE",
    "FORM_FILE_TOO_MANY_ROWS",
    "FORM_FILE_UNREADABLE",
    "INVALID_FILE_TYPE",
    "STORAGE_LIMIT_REACHED",
  ],
});

export const removeFormFile = defineRoute({
  operationId: "removeFormFile",
  method: "delete",
  path: `${PATH}/:fileId`,
  tag: TAG,
  summary: "Remove a file from the form (earlier versions keep it)",
  description: ADMINS,
  policy: "application.edit",
  token: false,
  status: 204,
  errors: ["NOT_FOUND"],
});

export const downloadFormFile = defineRoute({
  operationId: "downloadFormFile",
  method: "get",
  path: `${PATH}/:fileId`,
  tag: TAG,
  summary: "Download a form file as uploaded",
  description: READERS,
  policy: "application.read",
  token: true,
  media: ["text/csv", "application/geo+json", "image/*"],
  errors: ["NOT_FOUND"],
});

export const getFormFileTable = defineRoute({
  operationId: "getFormFileTable",
  method: "get",
  path: `${PATH}/:fileId/table`,
  tag: TAG,
  summary: "A CSV's or GeoJSON's rows as the collect form reads them",
  description: READERS,
  policy: "application.read",
  token: true,
  response: formTableDataSchema,
  errors: ["NOT_FOUND"],
});

export const formFileContracts = [listFormFiles, attachFormFile, removeFormFile, downloadFormFile, getFormFileTable];
