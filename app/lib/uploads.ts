// Image upload limits shown in forms; the server decides by the file's bytes (uploads.server.ts).
export const MAX_IMAGE_MEGABYTES = 5;
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/gif,image/webp";

/** What a refused image upload says, wherever an image is uploaded. */
export const IMAGE_INVALID_TYPE = { title: "Invalid file type", description: "Please upload an image file." } as const;
export const IMAGE_TOO_LARGE = { title: "File too large", description: "Please upload an image smaller than 5MB." } as const;
