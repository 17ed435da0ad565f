// What lib/forms/serverErrorsOnDemand.ts loads: its own small chunk that imports the sign-in
// pages' chunk, so that the dynamic import adds nothing to that chunk (a namespace object for
// lib/forms/serverErrors.ts would weigh on /signup, which is at its budget).
export { applyServerErrors } from './serverErrors';
