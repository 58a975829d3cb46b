/** The trees of the entity tests (test code only): a list, a registration form and a follow-up visit form. */
import { randomUUID } from "node:crypto";
import type { HttpClient } from "../../test-support/http-client.ts";
import { applicationForm, createApplicationVia, type FieldDto } from "../applications/test-fixtures.ts";
import type { ApplicationEntitiesDto, EntityDetailDto, EntityListDto } from "../../../shared/entities/entity-dtos.ts";

export interface TreeForms {
  list: EntityListDto;
  registration: { id: string; fields: Record<"species" | "height" | "place", string> };
  visit: { id: string; fields: Record<"tree" | "height" | "health", string> };
}

function idOf(fields: readonly FieldDto[], name: string): string {
  const field = fields.find((candidate) => candidate.name === name);
  if (!field) throw new Error(`no field ${name}`);
  return field.id;
}

async function ok<T>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Made through the API by an application administrator `client` (both forms share the owner's list). Without
 * `visitAction` the visit form is left unlinked, for a test whose owner links it through the entities page.
 */
export async function createTreeForms(client: HttpClient, { visitAction = true } = {}): Promise<TreeForms> {
  const suffix = randomUUID().slice(0, 6);
  const registration = await createApplicationVia(
    client,
    applicationForm(`Cadastro de árvores ${suffix}`, [
      { fieldType: "text", name: "especie", label: "Espécie", position: 0, config: { required: true } },
      { fieldType: "number", name: "altura", label: "Altura (m)", position: 1, config: {} },
      { fieldType: "gps", name: "local", label: "Local", position: 2, config: {} },
    ]),
  );
  const visit = await createApplicationVia(
    client,
    applicationForm(`Visita às árvores ${suffix}`, [
      { fieldType: "entity", name: "arvore", label: "Árvore", position: 0, config: { required: true } },
      { fieldType: "number", name: "altura", label: "Altura (m)", position: 1, config: {} },
      { fieldType: "text", name: "saude", label: "Saúde", position: 2, config: {} },
    ]),
  );
  const { list } = await ok<{ list: EntityListDto }>(
    await client.post(`/api/applications/${registration.application.id}/entity-lists`, {
      name: `Árvores ${suffix}`,
      properties: [
        { name: "especie", type: "text" },
        { name: "altura", type: "number" },
        { name: "saude", type: "text" },
      ],
    }),
    201,
  );
  await ok(
    await client.put(`/api/applications/${registration.application.id}/entity-action`, {
      kind: "create",
      listId: list.id,
      labelField: "especie",
      geometryField: "local",
      saves: { especie: "especie", altura: "altura" },
    }),
  );
  if (visitAction)
    await ok(
      await client.put(`/api/applications/${visit.application.id}/entity-action`, {
        kind: "update",
        listId: list.id,
        entityField: "arvore",
        saves: { altura: "altura", saude: "saude" },
      }),
    );
  return {
    list,
    registration: {
      id: registration.application.id,
      fields: {
        species: idOf(registration.fields, "especie"),
        height: idOf(registration.fields, "altura"),
        place: idOf(registration.fields, "local"),
      },
    },
    visit: {
      id: visit.application.id,
      fields: {
        tree: idOf(visit.fields, "arvore"),
        height: idOf(visit.fields, "altura"),
        health: idOf(visit.fields, "saude"),
      },
    },
  };
}

export async function applicationEntities(client: HttpClient, applicationId: string): Promise<ApplicationEntitiesDto> {
  return ok(await client.get(`/api/applications/${applicationId}/entities`));
}

export async function entityDetail(
  client: HttpClient,
  applicationId: string,
  entityId: string,
): Promise<EntityDetailDto> {
  return ok(await client.get(`/api/applications/${applicationId}/entities/${entityId}`));
}
