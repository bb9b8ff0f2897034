// Parsed models per (uri, version): parse once, let every feature share it.
// Evicted when the document closes.

import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { AnyLanguageService } from './languageService';

export class ModelCache {
  private readonly entries = new Map<string, { version: number; languageId: string; model: unknown }>();

  constructor(private readonly services: ReadonlyMap<string, AnyLanguageService>) {}

  service(document: TextDocument): AnyLanguageService | undefined {
    return this.services.get(document.languageId);
  }

  model(document: TextDocument): unknown {
    const cached = this.entries.get(document.uri);
    if (cached && cached.version === document.version && cached.languageId === document.languageId) return cached.model;
    const service = this.service(document);
    if (!service) return undefined;
    const model = service.parse(document.getText());
    this.entries.set(document.uri, { version: document.version, languageId: document.languageId, model });
    return model;
  }

  evict(uri: string): void {
    this.entries.delete(uri);
  }
}
