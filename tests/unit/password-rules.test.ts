import { describe, expect, it } from "vitest";
import {
  checkPassword,
  COMMON_PASSWORDS,
  COMMON_PATTERNS,
  hasCommonPattern,
  isCommonPassword,
  passwordStrength,
  SPECIAL_CHARACTERS,
} from "~/lib/password-rules";
import { changePasswordSchema, registerSchema, resetPasswordSchema } from "~/lib/schemas/auth";

// The password rules of app/lib/password-rules.ts: each rule's message, and only the first broken rule's.
const TOO_SHORT = "Password must be at least 8 characters long";
const TOO_LONG = "Password must be at most 256 characters long";
const NO_LOWER = "Password must contain at least one lowercase letter";
const NO_UPPER = "Password must contain at least one uppercase letter";
const NO_DIGIT = "Password must contain at least one number";
const NO_SPECIAL = "Password must contain at least one special character";
const COMMON = "Password is too common. Please choose a more unique password";
const PATTERN = "Password contains common patterns. Please choose a more random password";

describe("checkPassword", () => {
  it("accepts a password that meets every rule", () => {
    for (const password of ["Kickoff#Return58", "Gridiron#Play26", "xY9!wvut", "Zz9(" + "mnop"]) {
      expect(checkPassword(password), password).toBeNull();
    }
  });

  it("gives each rule's own message", () => {
    expect(checkPassword("Xy9!wvu")).toBe(TOO_SHORT);
    expect(checkPassword("XY9!WVUT")).toBe(NO_LOWER);
    expect(checkPassword("xy9!wvut")).toBe(NO_UPPER);
    expect(checkPassword("Xyz!wvut")).toBe(NO_DIGIT);
    expect(checkPassword("Xy9zwvut")).toBe(NO_SPECIAL);
    expect(checkPassword("Xy9!wvut" + "abc")).toBe(PATTERN);
  });

  it("reports only the first broken rule, in the order checkPassword checks them", () => {
    expect(checkPassword("")).toBe(TOO_SHORT); // breaks every rule
    expect(checkPassword("abc")).toBe(TOO_SHORT);
    expect(checkPassword("12345678")).toBe(NO_LOWER); // also no upper, special; common and a pattern
    expect(checkPassword("password")).toBe(NO_UPPER); // also no digit, special; common
    expect(checkPassword("Password")).toBe(NO_DIGIT);
    expect(checkPassword("Passw0rd")).toBe(NO_SPECIAL); // common too, but the special rule comes first
    expect(checkPassword("Xy!wvut1" + "a".repeat(300))).toBe(TOO_LONG);
  });

  it("allows up to 256 characters and refuses 257", () => {
    const base = "Xy9!wvut";
    const exactly256 = base + "m".repeat(256 - base.length);
    expect(exactly256).toHaveLength(256);
    expect(checkPassword(exactly256)).toBeNull();
    expect(checkPassword(exactly256 + "m")).toBe(TOO_LONG);
    expect(checkPassword("x".repeat(1_000_000))).toBe(TOO_LONG);
  });

  it("counts exactly the listed special characters", () => {
    for (const special of SPECIAL_CHARACTERS) {
      expect(checkPassword(`Xy9wvut${special}`), `special ${special}`).toBeNull();
    }
    // A space, letters from other alphabets and emoji are not on the list.
    for (const other of [" ", "é", "€", "§", "😀"]) {
      expect(checkPassword(`Xy9wvutm${other}`), `not special: ${JSON.stringify(other)}`).toBe(NO_SPECIAL);
    }
    expect(SPECIAL_CHARACTERS).toContain("#");
    expect(SPECIAL_CHARACTERS).toContain("\\");
  });

  it("refuses each common pattern anywhere, in any case", () => {
    expect(COMMON_PATTERNS).toEqual(["123", "abc", "qwerty", "asdf", "zxcv", "111", "aaa", "000"]);
    for (const pattern of COMMON_PATTERNS) {
      expect(checkPassword(`Xy9!wv${pattern}ut`), pattern).toBe(PATTERN);
      expect(checkPassword(`${pattern.toUpperCase()}Xy9!wvut`), pattern.toUpperCase()).toBe(PATTERN);
      expect(checkPassword(`Xy9!wvut${pattern}`), `${pattern} at the end`).toBe(PATTERN);
    }
    expect(hasCommonPattern("Kickoff#Return58")).toBe(false);
    expect(hasCommonPattern("12-3")).toBe(false);
    expect(hasCommonPattern("AbC")).toBe(true);
  });

  it("knows the list of about 34 common passwords, case-insensitively", () => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(30);
    expect(COMMON_PASSWORDS.length).toBeLessThanOrEqual(40);
    for (const word of ["password", "123456", "qwerty", "admin", "letmein", "football"]) {
      expect(isCommonPassword(word), word).toBe(true);
      expect(isCommonPassword(word.toUpperCase()), word.toUpperCase()).toBe(true);
    }
    expect(isCommonPassword("Passw0rd")).toBe(true);
    // A common word only dressed up with capitals, trailing digits or symbols is still common...
    expect(isCommonPassword("password1")).toBe(true);
    expect(isCommonPassword("Football1!")).toBe(true);
    // ...but a longer password that merely contains one is not.
    expect(isCommonPassword("passwordmanager")).toBe(false);
    expect(isCommonPassword("Kickoff#Return58")).toBe(false);
  });

  it("every common password is refused (by the common rule or an earlier one)", () => {
    for (const word of COMMON_PASSWORDS) {
      const problem = checkPassword(word);
      expect(problem, word).not.toBeNull();
      expect([TOO_SHORT, NO_LOWER, NO_UPPER, NO_DIGIT, NO_SPECIAL, COMMON, PATTERN]).toContain(problem);
    }
  });
});

describe("password fields of the forms", () => {
  it("register: refuses a weak password with the rule's message and a 1 MB one with the length message", () => {
    const base = { intent: "register", firstName: "Riley", lastName: "Tester", email: "riley@example.com", acceptTerms: "on" };
    const weak = registerSchema.safeParse({ ...base, password: "short" });
    expect(weak.success).toBe(false);
    expect(weak.error!.issues.map((issue) => issue.message)).toEqual([TOO_SHORT]);
    const huge = registerSchema.safeParse({ ...base, password: "X".repeat(1024 * 1024) });
    expect(huge.success).toBe(false);
    expect(huge.error!.issues[0].message).toBe(TOO_LONG);
    expect(registerSchema.safeParse({ ...base, password: "Kickoff#Return58" }).success).toBe(true);
  });

  it("reset: rules first, then 'New passwords do not match'", () => {
    const mismatch = resetPasswordSchema.safeParse({ token: "t", password: "Kickoff#Return58", confirmPassword: "Kickoff#Return59" });
    expect(mismatch.error!.issues.map((issue) => issue.message)).toEqual(["New passwords do not match"]);
    const weak = resetPasswordSchema.safeParse({ token: "t", password: "weak", confirmPassword: "other" });
    expect(weak.error!.issues.map((issue) => issue.message)).toEqual([TOO_SHORT]);
  });

  it("change: rules, then mismatch, then 'must be different from current password'", () => {
    const base = { intent: "change-password", currentPassword: "Kickoff#Return58" };
    const same = changePasswordSchema.safeParse({ ...base, newPassword: "Kickoff#Return58", confirmPassword: "Kickoff#Return58" });
    expect(same.error!.issues.map((issue) => issue.message)).toEqual(["New password must be different from current password"]);
    const mismatch = changePasswordSchema.safeParse({ ...base, newPassword: "Blitz!Pickup74Z", confirmPassword: "Blitz!Pickup74" });
    expect(mismatch.error!.issues.map((issue) => issue.message)).toEqual(["New passwords do not match"]);
    const weak = changePasswordSchema.safeParse({ ...base, newPassword: "blitz!pickup74z", confirmPassword: "blitz!pickup74z" });
    expect(weak.error!.issues.map((issue) => issue.message)).toEqual([NO_UPPER]);
  });

  it("a new password over 256 characters, confirmed: only that it is too long (the confirmation matches it)", () => {
    const long = `Kickoff#Return58${"x".repeat(300)}`;
    const change = changePasswordSchema.safeParse({ intent: "change-password", currentPassword: "Old#Password99", newPassword: long, confirmPassword: long });
    expect(change.error!.issues.map((issue) => issue.message)).toEqual([TOO_LONG]);
    const reset = resetPasswordSchema.safeParse({ token: "t", password: long, confirmPassword: long });
    expect(reset.error!.issues.map((issue) => issue.message)).toEqual([TOO_LONG]);
    // A good one with a longer confirmation does not match it.
    const longer = resetPasswordSchema.safeParse({ token: "t", password: "Kickoff#Return58", confirmPassword: long });
    expect(longer.error!.issues.map((issue) => issue.message)).toEqual(["New passwords do not match"]);
  });

  it("empty new password fields: only 'New password is required' (two empty fields do match); an empty confirmation of a good one does not", () => {
    const messages = (result: { error?: { issues: { message: string }[] } }) => result.error!.issues.map((issue) => issue.message);
    expect(messages(resetPasswordSchema.safeParse({ token: "t" }))).toEqual(["New password is required"]);
    expect(messages(changePasswordSchema.safeParse({ intent: "change-password" }))).toEqual(["Current password is required", "New password is required"]);
    expect(messages(resetPasswordSchema.safeParse({ token: "t", password: "Kickoff#Return58" }))).toEqual(["New passwords do not match"]);
    expect(messages(changePasswordSchema.safeParse({ intent: "change-password", currentPassword: "Old#Password99", newPassword: "Kickoff#Return58" }))).toEqual([
      "New passwords do not match",
    ]);
  });
});

describe("passwordStrength", () => {
  // Score by hand (+1: length >= 8, >= 12, >= 16, lower, upper, digit, special, lower+upper,
  // digit+letter; -2 common; -1 pattern; never below 0).
  it.each([
    ["", 0, "Weak"],
    ["x", 1, "Weak"], // lower
    ["wxyzwxyz", 2, "Weak"], // >=8, lower
    ["wxyzwxyzwxyz", 3, "Fair"], // >=8, >=12, lower
    ["Wxyzwxyz", 4, "Fair"], // >=8, lower, upper, both cases
    ["Wxyzwxyzwxyz", 5, "Good"], // + >=12
    ["Wxyzwxyzwxyzwxyz", 6, "Good"], // + >=16
    ["Wxyzwxy1!", 7, "Strong"], // >=8, lower, upper, digit, special, both cases, digit+letter
    ["Wxyzwxyzwxy1!", 8, "Strong"], // + >=12
    ["Wxyzwxyzwxyzwx1!", 9, "Strong"], // + >=16: the maximum
  ] as const)("%j scores %i (%s)", (password, score, label) => {
    const result = passwordStrength(password);
    expect(result.score).toBe(score);
    expect(result.label).toBe(label);
  });

  it("takes 2 off for a common password and 1 off for a common pattern", () => {
    // Passw0rd: >=8, lower, upper, digit, both cases, digit+letter = 6, common -2 = 4.
    expect(passwordStrength("Passw0rd")).toMatchObject({ score: 4, label: "Fair" });
    // Wxyz#1234: >=8, lower, upper, digit, special, both cases, digit+letter = 7, pattern 123 -1 = 6.
    expect(passwordStrength("Wxyz#1234")).toMatchObject({ score: 6, label: "Good" });
    // Qwerty#Xy9: 7, pattern qwerty -1 = 6 (Strong without the pattern would be 7).
    expect(passwordStrength("Qwerty#Xy9")).toMatchObject({ score: 6, label: "Good" });
    expect(passwordStrength("Qwerty#Xy9").hints).toContain("Avoid common patterns like 123 or qwerty");
    expect(passwordStrength("Passw0rd").hints).toContain("Avoid common passwords");
  });

  it("never goes below 0", () => {
    // 123456: digit = 1, common -2, pattern -1 -> -2, shown as 0.
    expect(passwordStrength("123456")).toMatchObject({ score: 0, label: "Weak" });
    // password: >=8, lower = 2, common -2 = 0.
    expect(passwordStrength("password")).toMatchObject({ score: 0, label: "Weak" });
    // aaa: lower = 1, pattern -1 = 0.
    expect(passwordStrength("aaa")).toMatchObject({ score: 0, label: "Weak" });
  });

  it("hints at what is missing", () => {
    expect(passwordStrength("").hints).toEqual([
      "Use at least 8 characters",
      "Add a lowercase letter",
      "Add an uppercase letter",
      "Add a number",
      "Add a special character",
    ]);
    expect(passwordStrength("wxyzwxyz").hints).toContain("Use 12 or more characters for a stronger password");
    expect(passwordStrength("Wxyzwxyzwxyzwx1!").hints).toEqual([]);
  });
});
