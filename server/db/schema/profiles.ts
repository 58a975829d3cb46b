import { pgTable, text, timestamp, uuid, boolean } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/** Registration data of spec 000 §3; one row per user, created with the account. */
export const profiles = pgTable("profiles", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  celular: text("celular").notNull().default(""),
  pais: text("pais").notNull().default("Brasil"),
  estado: text("estado").notNull().default(""),
  cidade: text("cidade").notNull().default(""),
  logradouro: text("logradouro").notNull().default(""),
  numero: text("numero").notNull().default(""),
  empresa: text("empresa").notNull().default(""),
  tamanhoEmpresa: text("tamanho_empresa").notNull().default(""),
  termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
  locale: text("locale").notNull().default("pt-BR"),
  marketingOptIn: boolean("marketing_opt_in").notNull().default(false),
  /** Set by a super admin: the user cannot sign in and their sessions are ended. */
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
