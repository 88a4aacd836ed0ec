export function appScripts(html: string): { entry: string[]; preload: string[] }
