// bcrypt: OpenBSD's C bcrypt as a Node addon (prebuilt). It takes the salt as
// a "$2b$NN$" string, built from the fixture's 16 bytes with bcrypt's base64
// (bcryptjs's encoder: a pure function); compared without the prefix.
import bcrypt from 'bcrypt';
import bcryptjs from 'bcryptjs';

export async function load() {
  const ops = {
    'kdf:bcrypt': (fx) => {
      const pw = Buffer.from(fx.password);
      const salt = `$2b$${String(fx.params.cost).padStart(2, '0')}$${bcryptjs.encodeBase64(fx.salt, 16)}`;
      return { run: () => bcrypt.hashSync(pw, salt), output: (encoded) => encoded.slice(7) };
    },
  };
  return { id: 'bcrypt', name: 'bcrypt (node addon)', packages: ['bcrypt'], ops };
}
