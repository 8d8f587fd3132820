/** The one ModelHost of the host page, configured for the extension package. Imported lazily (heavy). */
import { extensionEnvironment } from './extension-environment';
import { ModelHost } from './host';
import { isHubModelCached } from './hub-cache';

let host: ModelHost | undefined;

export function extensionModelHost(): ModelHost {
  host ??= new ModelHost(extensionEnvironment(), isHubModelCached);
  return host;
}
