/**
 * A problem with a tenant, placed where it is written: file, line, column and field. Every
 * check of the loader reports in this shape, and `validate` prints it as one line.
 */
export type ConfigProblem = {
  file: string;
  line: number;
  col: number;
  path: string;
  message: string;
};

/** `tenants/mysport.yaml:12:5  theme.palette.primary  expected …` */
export function formatProblem(p: ConfigProblem): string {
  return `${p.file}:${p.line}:${p.col}  ${p.path}  ${p.message}`;
}
