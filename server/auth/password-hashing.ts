/**
 * How better-auth hashes and checks passwords. Production keeps better-auth's own (scrypt, N = 16384, r = 16: about
 * 160 ms of CPU per sign-up or sign-in here, on purpose); tests pass a cheaper one through `startServer`.
 */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}
