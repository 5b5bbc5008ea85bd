import * as vscode from 'vscode';
import { inertInNotification } from './notificationText';

// Every notification Elbow shows goes through these three (lint holds it), their message made inert.

export function showInformation<T extends string>(message: string, ...items: T[]): Thenable<T | undefined> {
  // eslint-disable-next-line no-restricted-syntax -- the one place notifications are shown
  return vscode.window.showInformationMessage(inertInNotification(message), ...items);
}

export function showWarning<T extends string>(message: string, ...items: T[]): Thenable<T | undefined> {
  // eslint-disable-next-line no-restricted-syntax -- the one place notifications are shown
  return vscode.window.showWarningMessage(inertInNotification(message), ...items);
}

export function showError<T extends string>(message: string, ...items: T[]): Thenable<T | undefined> {
  // eslint-disable-next-line no-restricted-syntax -- the one place notifications are shown
  return vscode.window.showErrorMessage(inertInNotification(message), ...items);
}
