// The password rules and strength score, shared by the forms
// (live feedback, strength meter) and the actions (the decision).

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;
export const SPECIAL_CHARACTERS = "!@#$%^&*()_+-=[]{};':\"\\|,.<>/?`~";

export const COMMON_PASSWORDS = [
  "password", "123456", "12345678", "123456789", "qwerty", "abc123", "monkey", "1234567", "letmein",
  "trustno1", "dragon", "baseball", "111111", "iloveyou", "master", "sunshine", "ashley", "bailey",
  "passw0rd", "shadow", "123123", "654321", "superman", "qazwsx", "michael", "football", "admin",
  "welcome", "login", "princess", "starwars", "hello", "freedom", "whatever",
];

export const COMMON_PATTERNS = ["123", "abc", "qwerty", "asdf", "zxcv", "111", "aaa", "000"];

const hasLowercase = (value: string) => /[a-z]/.test(value);
const hasUppercase = (value: string) => /[A-Z]/.test(value);
const hasDigit = (value: string) => /[0-9]/.test(value);
const hasSpecial = (value: string) => [...value].some((character) => SPECIAL_CHARACTERS.includes(character));
const hasLetter = (value: string) => /[a-zA-Z]/.test(value);

/** A common word, also when only dressed up with capitals, digits or symbols (Football1!). */
export function isCommonPassword(password: string) {
  const lower = password.toLowerCase();
  const core = lower.replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, "").replace(/^(\D+?)\d+$/, "$1");
  return COMMON_PASSWORDS.includes(lower) || COMMON_PASSWORDS.includes(core);
}

export function hasCommonPattern(password: string) {
  const lower = password.toLowerCase();
  return COMMON_PATTERNS.some((pattern) => lower.includes(pattern));
}

/** The first rule the password breaks, or null when it is acceptable. */
export function checkPassword(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return "Password must be at least 8 characters long";
  if (password.length > MAX_PASSWORD_LENGTH) return "Password must be at most 256 characters long";
  if (!hasLowercase(password)) return "Password must contain at least one lowercase letter";
  if (!hasUppercase(password)) return "Password must contain at least one uppercase letter";
  if (!hasDigit(password)) return "Password must contain at least one number";
  if (!hasSpecial(password)) return "Password must contain at least one special character";
  if (isCommonPassword(password)) return "Password is too common. Please choose a more unique password";
  if (hasCommonPattern(password)) return "Password contains common patterns. Please choose a more random password";
  return null;
}

export type StrengthLabel = "Weak" | "Fair" | "Good" | "Strong";

/** Score 0 to 9 (a point for each rule met and for length), its label, and hints for what is missing. */
export function passwordStrength(password: string): { score: number; label: StrengthLabel; hints: string[] } {
  let score = 0;
  const hints: string[] = [];
  if (password.length >= 8) score += 1;
  else hints.push("Use at least 8 characters");
  if (password.length >= 12) score += 1;
  else if (password.length >= 8) hints.push("Use 12 or more characters for a stronger password");
  if (password.length >= 16) score += 1;
  if (hasLowercase(password)) score += 1;
  else hints.push("Add a lowercase letter");
  if (hasUppercase(password)) score += 1;
  else hints.push("Add an uppercase letter");
  if (hasDigit(password)) score += 1;
  else hints.push("Add a number");
  if (hasSpecial(password)) score += 1;
  else hints.push("Add a special character");
  if (hasLowercase(password) && hasUppercase(password)) score += 1;
  if (hasDigit(password) && hasLetter(password)) score += 1;
  if (isCommonPassword(password)) {
    score -= 2;
    hints.push("Avoid common passwords");
  }
  if (hasCommonPattern(password)) {
    score -= 1;
    hints.push("Avoid common patterns like 123 or qwerty");
  }
  score = Math.max(0, score);
  const label: StrengthLabel = score <= 2 ? "Weak" : score <= 4 ? "Fair" : score <= 6 ? "Good" : "Strong";
  return { score, label, hints };
}
