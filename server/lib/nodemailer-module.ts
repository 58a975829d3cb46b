import type NodemailerModule from "nodemailer";

type Nodemailer = typeof NodemailerModule;

let loading: Promise<Nodemailer> | undefined;

/** nodemailer, imported when the first e-mail is delivered rather than at every start (docs/decisions.md). */
export function loadNodemailer(): Promise<Nodemailer> {
  return (loading ??= import("nodemailer").then((module) => module.default));
}
