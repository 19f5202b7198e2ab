// "Use in Network Experiment": a network benchmark (L1) of a model the editor saved, written as
// an experiment file beside it (<model>_network.json) from the editor's own network template
// (LevelTemplates), so the project runs the edited model like any other.
// Threading: any thread (files only).
#pragma once

#include <QString>

namespace d500::studio {

// The experiment's JSON for `modelPath` (named relative to the experiment, which lies beside
// it). Training (forward+backward of "loss") is kept only when the model has that output.
QByteArray networkExperimentJson(const QString& modelPath, bool hasLoss);
// Writes it to <model without .onnx>_network.json; the path, or "" with *error.
QString writeNetworkExperiment(const QString& modelPath, bool hasLoss, QString* error);

}  // namespace d500::studio
