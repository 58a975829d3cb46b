import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import type { SessionUser } from "../../auth/session.ts";
import { findProfile, insertProfile, updateProfile, type ProfileRow } from "../../db/queries/profiles.ts";
import { ApiError } from "../../lib/api-error.ts";
import type { ProfileUpdate } from "../../../shared/accounts/registration-schema.ts";
import { isBrazil, isBrazilianState } from "../../../shared/accounts/brazilian-states.ts";

/** Spec 000 §3: a profile is created automatically when missing (e.g. an account opened from an invite). */
export async function loadProfile(db: Db, user: SessionUser): Promise<ProfileRow> {
  const found = await findProfile(db, user.id);
  if (found) return found;
  return insertProfile(db, { userId: user.id, name: user.name, email: user.email });
}

/**
 * Applies a partial edit (each sent field already passed the registration rules). Country and state are checked
 * together on the merged result, so changing one cannot leave a pair that does not belong together. The name is
 * mirrored on the login account, which is where /api/me and the avatar menu read it.
 */
export async function editProfile(context: AppContext, user: SessionUser, changes: ProfileUpdate): Promise<ProfileRow> {
  const db = context.database.db;
  const current = await loadProfile(db, user);
  if (changes.pais !== undefined || changes.estado !== undefined) {
    const pais = changes.pais ?? current.pais;
    const estado = changes.estado ?? current.estado;
    if (isBrazil(pais) && !isBrazilianState(estado)) {
      throw new ApiError("VALIDATION_FAILED", "Invalid request", [
        { path: "estado", message: "auth:validation.estadoBrasil", code: "custom" },
      ]);
    }
  }
  const updated = await updateProfile(db, user.id, changes);
  if (!updated) throw new ApiError("NOT_FOUND", "Profile not found");
  if (changes.name !== undefined && changes.name !== user.name) {
    await (await context.auth.$context).internalAdapter.updateUser(user.id, { name: changes.name });
  }
  return updated;
}
