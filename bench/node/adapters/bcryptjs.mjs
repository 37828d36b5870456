// bcryptjs: bcrypt in plain JavaScript. The salt string is built from the
// fixture's 16 salt bytes so every library hashes the same (password, salt).
import bcrypt from 'bcryptjs';

export async function load() {
  const ops = {
    'kdf:bcrypt': (fx) => {
      const pw = new TextDecoder().decode(fx.password);
      const salt = `$2b$${String(fx.params.cost).padStart(2, '0')}$${bcrypt.encodeBase64(fx.salt, 16)}`;
      // Compared without the "$2b$12$" prefix (other libraries write "$2a$").
      return { run: () => bcrypt.hashSync(pw, salt), output: (encoded) => encoded.slice(7) };
    },
  };
  return { id: 'bcryptjs', name: 'bcryptjs', packages: ['bcryptjs'], ops };
}
