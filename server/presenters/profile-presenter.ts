import type { ProfileRow } from "../db/queries/profiles.ts";

/** What the profile screen may see: registration data and language, never internal timestamps or ids. */
export function presentProfile(row: ProfileRow) {
  return {
    name: row.name,
    email: row.email,
    celular: row.celular,
    pais: row.pais,
    estado: row.estado,
    cidade: row.cidade,
    logradouro: row.logradouro,
    numero: row.numero,
    empresa: row.empresa,
    tamanhoEmpresa: row.tamanhoEmpresa,
    locale: row.locale,
  };
}
