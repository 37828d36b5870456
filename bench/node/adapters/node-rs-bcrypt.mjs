// @node-rs/bcrypt: the Rust `bcrypt` crate as a napi-rs addon (prebuilt).
// The fixture's 16 salt bytes are passed raw, so every library hashes the
// same (password, salt); compared without the "$2b$12$" prefix.
import { hashSync } from '@node-rs/bcrypt';

export async function load() {
  const ops = {
    'kdf:bcrypt': (fx) => ({ run: () => hashSync(fx.password, { cost: fx.params.cost, salt: fx.salt }), output: (encoded) => encoded.slice(7) }),
  };
  return { id: 'node-rs-bcrypt', name: '@node-rs/bcrypt (napi-rs addon)', packages: ['@node-rs/bcrypt'], ops };
}
