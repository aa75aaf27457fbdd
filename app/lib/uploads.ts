// Image upload limits shown in forms; the server decides by the file's bytes (uploads.server.ts).
export const MAX_IMAGE_MEGABYTES = 5;
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/gif,image/webp";
