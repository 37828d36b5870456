// tweetnacl-js: the audited pure-JavaScript port of TweetNaCl.
import nacl from 'tweetnacl';
import { tweetnaclStyleOps } from './tweetnacl-style.mjs';

export async function load() {
  return { id: 'tweetnacl', name: 'tweetnacl', packages: ['tweetnacl'], ops: tweetnaclStyleOps(nacl) };
}
