import { z } from "zod";
import { declareRoutes } from "../../openapi/route-declaration.ts";
import {
  formFileSchema,
  formFilesSchema,
  formFileUploadSchema,
  formTableDataSchema,
} from "../../../shared/form-files/form-files.ts";

const ADMINS = "Application administrators with a session (not an API token).";
const READERS = "Anyone who may read the application.";

export const formFilesApi = declareRoutes("Form files", [
  {
    method: "get",
    path: "/api/applications/:id/form-files",
    summary: "List the files attached to the form (its current version, or an earlier `version`)",
    description: READERS,
    query: z.object({ version: z.coerce.number().int().min(1).optional() }),
    response: formFilesSchema,
  },
  {
    method: "post",
    path: "/api/applications/:id/form-files",
    summary: "Attach a CSV, GeoJSON or image file to the form, or replace the file of that name",
    description:
      `${ADMINS} CSV and GeoJSON files are parsed and checked (5 MB, 50,000 rows); a form with records gets a new ` +
      "version, so earlier records keep the files they were collected with.",
    body: formFileUploadSchema,
    response: formFileSchema,
    status: 201,
  },
  {
    method: "delete",
    path: "/api/applications/:id/form-files/:fileId",
    summary: "Remove a file from the form (earlier versions keep it)",
    description: ADMINS,
    status: 204,
  },
  {
    method: "get",
    path: "/api/applications/:id/form-files/:fileId",
    summary: "Download a form file as uploaded",
    description: READERS,
    media: ["text/csv", "application/geo+json", "image/*"],
  },
  {
    method: "get",
    path: "/api/applications/:id/form-files/:fileId/table",
    summary: "A CSV's or GeoJSON's rows as the collect form reads them",
    description: READERS,
    response: formTableDataSchema,
  },
]);
