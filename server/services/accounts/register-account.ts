import type { AppContext } from "../../context.ts";
import { ApiError } from "../../lib/api-error.ts";
import { logger } from "../../lib/logger.ts";
import { insertProfile, type ProfileRow } from "../../db/queries/profiles.ts";
import { welcomeEmail } from "../emails/welcome-email.ts";
import type { Registration } from "../../../shared/accounts/registration-schema.ts";
import type { Language } from "../../../shared/i18n/languages.ts";

export interface RegisteredAccount {
  profile: ProfileRow;
  /** better-auth's response headers: Set-Cookie signs the new user in. */
  headers: Headers;
}

/**
 * Creates the user (through better-auth, so the password is hashed and a session opened), then the profile and the
 * welcome e-mail in one transaction: the e-mail exists exactly when the account is complete. The e-mail check is an
 * explicit lookup; a profile that cannot be written takes the user away again, so no account exists half-made. The
 * welcome e-mail is then delivered by the job queue, whose failures are only logged (spec 000 §4).
 */
export async function registerAccount(
  context: AppContext,
  input: Registration,
  locale: Language,
  requestHeaders: Headers,
): Promise<RegisteredAccount> {
  const authContext = await context.auth.$context;
  if (await authContext.internalAdapter.findUserByEmail(input.email)) {
    throw new ApiError("EMAIL_ALREADY_REGISTERED", "This e-mail is already registered");
  }

  const { headers, response } = await context.auth.api.signUpEmail({
    body: { name: input.name, email: input.email, password: input.password },
    headers: requestHeaders,
    returnHeaders: true,
  });
  const userId = response.user.id;

  try {
    const profile = await context.database.db.transaction(async (tx) => {
      const row = await insertProfile(tx, {
        userId,
        name: input.name,
        email: input.email,
        celular: input.celular,
        pais: input.pais,
        estado: input.estado,
        cidade: input.cidade,
        logradouro: input.logradouro,
        numero: input.numero,
        empresa: input.empresa,
        tamanhoEmpresa: input.tamanhoEmpresa,
        termsAcceptedAt: new Date(),
        locale,
      });
      await context.mailer.send(
        welcomeEmail({
          to: input.email,
          name: input.name,
          company: input.empresa,
          link: `${context.config.publicUrl}/applications`,
          locale,
        }),
        { tx },
      );
      return row;
    });
    return { profile, headers };
  } catch (error) {
    logger.error("profile creation failed; removing the new user", { error });
    await authContext.internalAdapter.deleteUser(userId);
    throw new ApiError("INTERNAL", "Could not create the account");
  }
}
