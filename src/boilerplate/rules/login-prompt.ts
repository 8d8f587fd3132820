import { enclosedBy, enclosingHint } from '../ancestry';
import { blockLinkShare } from '../page-view';
import type { RemovalRule, RuleStrictness } from '../types';
import { describeElement, quoted, wordMatcher } from '../words';

const WORDS = wordMatcher(['login', 'log-in', 'signin', 'sign-in', 'signup', 'sign-up', 'register', 'registration', 'loginform', 'must-log-in', 'auth-modal', 'login-modal']);
const TEXT =
  /^(log ?in|sign ?in|sign ?up|register|create (an |your )?account|forgot (your )?password\??|(you must|please) (be )?(log|sign)(ged)? ?in\b.*|(log|sign) ?in to (reply|comment|post|continue|read)\b.*|already (have an account|a member|registered)\b.*|(don't|do not) have an account\b.*|not a member\b.*|(log|sign) ?in (or|\/) (register|sign ?up)\b.*|remember me|lost your password\??)$/i;
/**
 * The same prompts as whole lines in the other languages Pith reads (de, fr, es, pt, it, ru, zh, ja, ko, ar, id):
 * log in, register, create an account, forgot your password.
 */
const TEXT_ELSEWHERE =
  /^(anmelden|einloggen|registrieren|konto erstellen|passwort vergessen\??|se connecter|connexion|s'inscrire|créer un compte|mot de passe oublié ?\??|iniciar sesión|registrarse|crear (una )?cuenta|¿?olvidaste tu contraseña\??|entrar|cadastre-se|criar conta|esqueceu (a|sua) senha\??|accedi|registrati|crea un account|password dimenticata\??|войти|вход|регистрация|зарегистрироваться|забыли пароль\??|登录|登入|注册|註冊|忘记密码|忘記密碼|ログイン|新規登録|パスワードを忘れた方|로그인|회원가입|비밀번호 찾기|تسجيل الدخول|إنشاء حساب|نسيت كلمة المرور\؟?|masuk|daftar|lupa kata sandi\??)$/i;
/** In a thread, a short line that only mentions logging in or joining is the site's prompt, not the posts' words. */
const THREAD_TEXT = /\b(log ?in|sign ?in|sign ?up|register( now)?|create (an|your) account|forgot (your )?password|remember me|you must be logged in|join (the|our) (community|forum|discussion))\b/i;
const THREAD_HINT = /\b(login|log-in|signin|sign-in|register|auth|loginform)\b/;

/**
 * Login or sign-up prompts: a form with a password field, or "Log in to reply" and the like (`page`). In a thread
 * (`thread`) also a form inside an element marked login/register, and a short line that asks the reader to log in,
 * join or register (mostly links, very short, or inside such an element).
 */
export function loginPromptRule(strictness: RuleStrictness): RemovalRule {
  const thread = strictness === 'thread';
  return {
    cause: 'login-prompt',
    roles: strictness === 'thread' ? { thread: 2 } : { explains: 2, decides: 2 },
    block(block, page) {
      const text = block.text;
      if (thread) {
        const marked = enclosingHint(page.snapshot, block, THREAD_HINT);
        if (marked && enclosedBy(page.snapshot, block, 'form')) return `in a <form> within ${describeElement(marked.node, marked.word)}`;
        if (text.length <= 120 && THREAD_TEXT.test(text) && (blockLinkShare(block) > 0.3 || text.length < 60 || marked)) return `text ${quoted(text)}`;
      }
      if (text.length === 0 || text.length > 120) return null;
      return TEXT.test(text) || TEXT_ELSEWHERE.test(text) ? `text ${quoted(text)}` : null;
    },
    marksOnly: true,
    region(region) {
      if (region.node.form === 'login') return `in a ${describeElement(region.node)} with a password field`;
      const word = WORDS(region.tokens);
      return word ? `in ${describeElement(region.node, word)}` : null;
    },
  };
}

export const loginPrompt = loginPromptRule('page');
