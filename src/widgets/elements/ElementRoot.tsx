import { StrictMode } from 'react';
import type { StoreApi } from 'zustand';
import { UiStoreProvider, type UiState } from '../../state/uiStore';
import { LabStoreProvider, type LabState } from '../../state/labStore';
import { WalkthroughStoreProvider, type WalkthroughState } from '../../state/walkthroughStore';
import type { EmbedOptions } from '../../shared/embedContract';
import { EmbedModelScope, EmbedView } from '../EmbedView';
import type { EmbedPageNotice } from '../parseEmbedQuery';
import { ModelStatusLine } from '../../components/model/ModelStatusLine';
import './elementModelStatus.css';

/** One element's own stores: nothing it shows or changes is shared with another element or the app. */
export interface WidgetStores {
  readonly lab: StoreApi<LabState>;
  readonly walkthrough: StoreApi<WalkthroughState>;
  readonly ui: StoreApi<UiState>;
}

export interface ElementRootProps {
  readonly stores: WidgetStores;
  readonly options: EmbedOptions;
  readonly notices: readonly EmbedPageNotice[];
  readonly labUrl: string;
}

/**
 * The embed view, with every store hook inside it reading this element's stores, and above it why the trained
 * model's file could not be used if it could not (an element on another site has nowhere else to say so).
 */
export function ElementRoot({ stores, options, notices, labUrl }: ElementRootProps) {
  return (
    <StrictMode>
      <UiStoreProvider store={stores.ui}>
        <LabStoreProvider store={stores.lab}>
          <WalkthroughStoreProvider store={stores.walkthrough}>
            {/* In the embed's own model scope: predictions and generation run the trained model whatever the attributes say. */}
            <EmbedModelScope widget={options.widget}>
              <ModelStatusLine place="element" />
            </EmbedModelScope>
            <EmbedView options={options} notices={notices} labUrl={labUrl} />
          </WalkthroughStoreProvider>
        </LabStoreProvider>
      </UiStoreProvider>
    </StrictMode>
  );
}
