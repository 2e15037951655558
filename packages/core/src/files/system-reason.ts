/** Plain words for the system errors a user can cause or meet (a full disk, a closed pipe, …). */
const systemReasons: Readonly<Record<string, string>> = {
  ENOENT: "no such file or directory",
  EISDIR: "is a directory",
  ENOTDIR: "a part of the path is not a directory",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EROFS: "read-only file system",
  ENOSPC: "no space left on the device",
  EDQUOT: "disk quota exceeded",
  EFBIG: "file too large",
  EIO: "input/output error",
  EPIPE: "the reader closed the pipe",
  EMFILE: "too many open files",
  ENAMETOOLONG: "file name too long",
  ELOOP: "too many symbolic links",
  EEXIST: "file exists",
  ENXIO: "no such device",
  ETXTBSY: "text file busy",
};

/** The words for a system error code, e.g. `no space left on the device (ENOSPC)`. */
export function systemReason(code: string | undefined): string {
  if (code === undefined) return "unknown error";
  const words = systemReasons[code];
  return words === undefined ? code : `${words} (${code})`;
}
